// Issue 26 item 3: a sign-up is all or nothing. A failure injected between its writes (the
// credential, the verification email, the profile, the KYC file, the release of the email) answers
// 503 with the translated "try again later" message, leaves no user, credential, profile, KYC file
// or queued email behind, and the same email then registers. A login a crash left without a profile
// does not block its email for good.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accounts, outgoingEmails, profiles, users } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { discardStaleHeldEmails, HELD_MINUTES } from '~/lib/outgoing-email.server'
import { callAuthEndpoint } from '~/modules/accounts/auth-endpoint.server'
import { SIGN_UP_LEFTOVER_SECONDS } from '~/modules/accounts/commands.server'
import { withSignUp } from '~/modules/accounts/sign-up-scope.server'
import { deliveredTo, latestEmail, login, openVerification, pdfFile, register, registrationFields, verificationPath } from './auth-support'
import { useTempStorage } from '../factories/files'

// A storage of its own for each test, so its file count is the test's own.
let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(async () => {
  temp.cleanup()
  vi.restoreAllMocks()
  await getDb().execute(sql`drop trigger if exists test_fail_write on profiles`)
  await getDb().execute(sql`drop trigger if exists test_fail_write on accounts`)
  await getDb().execute(sql`drop trigger if exists test_fail_write on outgoing_emails`)
  await getDb().execute(sql`drop function if exists test_fail_write()`)
})

type Answer = { ok: boolean; fieldErrors?: Record<string, string>; formError?: string; messageKey?: string }

/** Makes every `op` (INSERT or UPDATE) on `table` fail as a full disk would (SQLSTATE 53100). */
async function failWrites(table: 'profiles' | 'accounts' | 'outgoing_emails', op: 'insert' | 'update' = 'insert') {
  await getDb().execute(sql.raw(`create or replace function test_fail_write() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`))
  await getDb().execute(sql.raw(`create trigger test_fail_write before ${op} on ${table} for each row execute function test_fail_write()`))
}

async function stopFailing() {
  await getDb().execute(sql`drop trigger if exists test_fail_write on profiles`)
  await getDb().execute(sql`drop trigger if exists test_fail_write on accounts`)
  await getDb().execute(sql`drop trigger if exists test_fail_write on outgoing_emails`)
}

/** Everything a sign-up with `email` could have written. */
async function traces(email: string) {
  const db = getDb()
  const u = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  const a = await db.select({ id: accounts.id }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  const p = await db.select({ id: profiles.id }).from(profiles).where(eq(sql`lower(${profiles.email})`, email.toLowerCase()))
  const m = await db.select({ id: outgoingEmails.id }).from(outgoingEmails).where(eq(sql`lower(${outgoingEmails.to})`, email.toLowerCase()))
  return { users: u.length, accounts: a.length, profiles: p.length, emails: m.length, files: temp.listFiles().length }
}

const nothing = { users: 0, accounts: 0, profiles: 0, emails: 0, files: 0 }

async function expectTryAgainLater(out: Awaited<ReturnType<typeof register>>) {
  expect(out.status).toBe(503)
  expect(out.data).toMatchObject({ ok: false, formError: 'errors:registration.unavailable' })
}

/** The same fields register now, and the verification link (delivered once) works. */
async function expectRegistersAfterwards(fields: Record<string, string | Blob>, messageKey = 'auth:register.success') {
  const email = fields.email as string
  const out = await register(fields)
  expect(out.status).toBe(200)
  expect(out.data as Answer).toEqual({ ok: true, email, messageKey })
  const mails = await deliveredTo(email)
  expect(mails).toHaveLength(1)
  expect(await openVerification(verificationPath(mails[0].text))).toEqual({ state: 'success' })
  expect((await login(email, fields.password as string)).location).toBe('/')
}

describe('a failure in the middle of a sign-up leaves no trace', () => {
  it('the profile cannot be written (database full): 503, nothing kept, the email registers afterwards', async () => {
    const fields = registrationFields()
    await failWrites('profiles')
    await expectTryAgainLater(await register(fields))
    expect(await traces(fields.email as string)).toEqual(nothing)
    // The held verification email was never delivered.
    expect(await deliveredTo(fields.email as string)).toEqual([])

    await stopFailing()
    await expectRegistersAfterwards(fields)
  })

  it('the KYC document cannot be stored (disk full): 503, no login, profile or file, and the seller registers afterwards', async () => {
    const fields = registrationFields({ userType: 'Seller', kycDocument: pdfFile() })
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    const put = vi.spyOn(temp.storage, 'put').mockRejectedValueOnce(full)
    await expectTryAgainLater(await register(fields))
    expect(put).toHaveBeenCalledOnce()
    expect(await traces(fields.email as string)).toEqual(nothing)

    await expectRegistersAfterwards({ ...fields, kycDocument: pdfFile() }, 'auth:register.successWithKyc')
    const [profile] = await getDb().select().from(profiles).where(eq(profiles.email, fields.email as string))
    expect(profile).toMatchObject({ kycStatus: 'Pending' })
    expect(temp.listFiles()).toContain(profile.kycDocumentUrl)
  })

  it('the last step fails after the KYC file was written: the file goes too', async () => {
    const fields = registrationFields({ userType: 'Seller', kycDocument: pdfFile() })
    // Releasing the held email is the sign-up's last write, after the file and the profile.
    await failWrites('outgoing_emails', 'update')
    await expectTryAgainLater(await register(fields))
    expect(await traces(fields.email as string)).toEqual(nothing)

    await stopFailing()
    await expectRegistersAfterwards({ ...fields, kycDocument: pdfFile() }, 'auth:register.successWithKyc')
  })

  it('the verification email cannot be stored: 503 instead of "check your email", nothing kept', async () => {
    const fields = registrationFields()
    await failWrites('outgoing_emails')
    await expectTryAgainLater(await register(fields))
    expect(await traces(fields.email as string)).toEqual(nothing)

    await stopFailing()
    await expectRegistersAfterwards(fields)
  })

  it('the credential cannot be written (better-auth fails after writing the user): 503, the user row is removed', async () => {
    const fields = registrationFields()
    await failWrites('accounts')
    await expectTryAgainLater(await register(fields))
    expect(await traces(fields.email as string)).toEqual(nothing)

    await stopFailing()
    await expectRegistersAfterwards(fields)
  })

  it('the answers are translated (en, ru, hi) and not the old "account created" warnings', async () => {
    const { default: en } = await import('../../public/locales/en/errors.json')
    const { default: ru } = await import('../../public/locales/ru/errors.json')
    const { default: hi } = await import('../../public/locales/hi/errors.json')
    for (const catalogue of [en, ru, hi]) {
      expect(catalogue.registration.unavailable).toMatch(/\S/)
      expect(catalogue.registration).not.toHaveProperty('profileFailed')
      expect(catalogue.registration).not.toHaveProperty('kycFailed')
    }
    expect(new Set([en, ru, hi].map((c) => c.registration.unavailable)).size).toBe(3)
  })
})

describe('a login a crash left without a profile', () => {
  async function leftover(email: string, ageSeconds: number) {
    const id = randomUUID()
    await getDb()
      .insert(users)
      .values({ id, name: 'Crashed Sign-up', email, emailVerified: false, createdAt: new Date(Date.now() - ageSeconds * 1000) })
    await getDb().insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: 'not-a-hash' })
    return id
  }

  it('is removed by the next sign-up with its email once it is stale', async () => {
    const fields = registrationFields()
    const old = await leftover(fields.email as string, SIGN_UP_LEFTOVER_SECONDS + 60)
    await expectRegistersAfterwards(fields)
    const [user] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, fields.email as string))
    expect(user.id).not.toBe(old)
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, old))).toEqual([])
  })

  it('still counts while a sign-up could be in progress (a few seconds old): the duplicate answer', async () => {
    const fields = registrationFields()
    await leftover(fields.email as string, 1)
    const out = await register(fields)
    expect(out.status).toBe(409)
    expect((out.data as Answer).fieldErrors).toEqual({ email: 'errors:auth.userExists' })
    expect(await latestEmail(fields.email as string)).toBeNull()
  })

  it('a sign-up killed after better-auth wrote the login: its held email is never sent, the sweep drops it after an hour, the email registers again', async () => {
    const fields = registrationFields()
    const email = fields.email as string
    // What a process killed between the two steps leaves: better-auth's writes and the held email, nothing of ours.
    const { result } = await withSignUp('en', () =>
      callAuthEndpoint(new Request('http://localhost:3000/register'), '/sign-up/email', { name: fields.name, email, password: fields.password, callbackURL: '/verify-email' }),
    )
    expect(result.ok).toBe(true)
    expect(await traces(email)).toMatchObject({ users: 1, accounts: 1, profiles: 0, emails: 1 })
    expect(await deliveredTo(email)).toEqual([])
    const [held] = await getDb().select().from(outgoingEmails).where(eq(outgoingEmails.to, email))
    expect(held).toMatchObject({ status: 'held', attempts: 0 })

    expect(await discardStaleHeldEmails()).toBe(0)
    await getDb().update(outgoingEmails).set({ createdAt: sql`now() - make_interval(mins => ${HELD_MINUTES + 1})` }).where(eq(outgoingEmails.id, held!.id))
    await getDb().update(users).set({ createdAt: new Date(Date.now() - (SIGN_UP_LEFTOVER_SECONDS + 1) * 1000) }).where(eq(users.email, email))
    expect(await discardStaleHeldEmails()).toBe(1)
    await expectRegistersAfterwards(fields)
  })
})

