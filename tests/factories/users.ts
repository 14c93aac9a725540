import { randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { accounts, profiles, users } from '../../db/schema'
import { defaultCurrencyOf, type AccountStatus, type Currency, type KycStatus, type TradingCountry, type UserType } from '~/domain'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
// The accounts module's better-auth hooks (verification emails, the account-status check on sign-in).
import '~/modules/accounts/auth-hooks.server'
import { uniquePhone } from '../support/phone'

let counter = 0

export type CreateUserOptions = {
  email?: string
  password?: string
  name?: string
  verified?: boolean
  /** null: no profile (the user must complete it). */
  profile?: null | {
    userType?: UserType
    country?: TradingCountry
    companyName?: string | null
    phoneNumber?: string
    kycStatus?: KycStatus | null
    kycDocumentUrl?: string | null
    accountStatus?: AccountStatus
    /** Default: the country's (defaultCurrencyOf), as a new profile gets. */
    preferredCurrency?: Currency
  }
}

/** Inserts a login (users + credential account) and, unless profile is null, a profile. */
export async function createUser(opts: CreateUserOptions = {}) {
  counter += 1
  const id = randomUUID()
  const email = opts.email ?? `user${counter}-${id.slice(0, 8)}@test.example`
  const password = opts.password ?? 'correct-horse-42'
  const name = opts.name ?? `Test User ${counter}`
  const db = getDb()
  await db.insert(users).values({ id, email, name, emailVerified: opts.verified ?? true })
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(password),
  })
  let profileId: string | null = null
  if (opts.profile !== null) {
    const p = opts.profile ?? {}
    const [row] = await db
      .insert(profiles)
      .values({
        userId: id,
        name,
        email,
        country: p.country ?? 'India',
        userType: p.userType ?? 'Buyer',
        companyName: p.companyName ?? null,
        phoneNumber: p.phoneNumber ?? uniquePhone(),
        kycStatus: p.kycStatus ?? null,
        kycDocumentUrl: p.kycDocumentUrl ?? null,
        accountStatus: p.accountStatus ?? 'active',
        preferredCurrency: p.preferredCurrency ?? defaultCurrencyOf(p.country ?? 'India'),
      })
      .returning({ id: profiles.id })
    profileId = row.id
  }
  return { id, email, password, name, profileId }
}

/** Signs in through better-auth and returns a Cookie header value for requests as that user. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true })
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** A new user with a profile, signed in: createUser's result with the profile's id and a Cookie header. */
export async function createSignedInUser(profile: CreateUserOptions['profile'] = {}) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

export type SignedInUser = Awaited<ReturnType<typeof createSignedInUser>>

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header value (removed cookies left out). */
export function cookieHeaderFrom(response: Response | Headers | null | undefined): string {
  const headers = response instanceof Response ? response.headers : response
  return (headers?.getSetCookie() ?? [])
    .filter((c) => !/max-age=0\b/i.test(c) && !/=;/.test(c.split(';')[0] + ';'))
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** A Request carrying the given cookie. */
export function requestAs(cookie: string | null, url = 'http://localhost:3000/', init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (cookie) headers.set('Cookie', cookie)
  return new Request(url, { ...init, headers })
}
