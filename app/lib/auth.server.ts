import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import * as schema from '../../db/schema'
import { getDb, type Db } from './db.server'
import { baseUrl, env } from './env.server'
import { appSecret } from './secret.server'

/** Header the server sets from the socket address (or the trusted proxy chain); clients cannot spoof it. */
export const CLIENT_IP_HEADER = 'x-setu-client-ip'

export type AuthHooks = {
  sendVerificationEmail: (data: { user: { id: string; email: string; name: string }; url: string; token: string }, request?: Request) => Promise<void>
  /** Runs before any session is created (after the password check); throw an APIError to refuse sign-in. */
  beforeSessionCreate?: (userId: string) => Promise<void>
}

let hooks: AuthHooks | undefined

/** Registers the email sender used for verification links (set by the accounts module). */
export function setAuthHooks(h: AuthHooks) {
  hooks = h
  cache = undefined
}

function createAuth(db: Db) {
  const e = env()
  // AUTH_RATE_LIMIT_SCALE multiplies the per-IP limits (browser tests act many times from one IP).
  const rateScale = Math.max(1, Number(process.env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1)
  const origin = baseUrl()
  return betterAuth({
    baseURL: origin,
    basePath: '/api/auth',
    secret: appSecret(),
    trustedOrigins: [origin, ...e.TRUSTED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean)],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24, // links expire after 24 hours
      sendVerificationEmail: async (data, request) => {
        if (!hooks) throw new Error('No email sender registered for verification emails')
        await hooks.sendVerificationEmail(data, request)
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            await hooks?.beforeSessionCreate?.(session.userId)
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24, // sessions refresh themselves once a day while in use
    },
    rateLimit: {
      enabled: e.NODE_ENV !== 'test' || process.env.AUTH_RATE_LIMIT === 'true',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 * rateScale },
        '/sign-up/email': { window: 60, max: 5 * rateScale },
        '/send-verification-email': { window: 60, max: 3 * rateScale },
        '/change-password': { window: 60, max: 5 * rateScale },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: origin.startsWith('https://'),
      cookiePrefix: 'setu',
    },
  })
}

export type Auth = ReturnType<typeof createAuth>

let cache: { db: Db; auth: Auth } | undefined

/** The better-auth instance bound to the current database. */
export function getAuth(): Auth {
  const db = getDb()
  if (!cache || cache.db !== db) cache = { db, auth: createAuth(db) }
  return cache.auth
}
