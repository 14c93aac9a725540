import { createHash } from 'node:crypto'
import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import * as schema from '../../db/schema'
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain'
import { getDb, type Db } from './db.server'
import { baseUrl, env } from './env.server'
import { appSecret } from './secret.server'

/** Header the server sets from the socket address (or the trusted proxy chain); clients cannot spoof it. */
export const CLIENT_IP_HEADER = 'x-setu-client-ip'

export type AuthHooks = {
  sendVerificationEmail: (data: { user: { id: string; email: string; name: string }; url: string; token: string }, request?: Request) => Promise<void>
  /** Runs before any session is created (after the password check); throw an APIError to refuse sign-in. */
  beforeSessionCreate?: (userId: string) => Promise<void>
  /** Mails a password-reset link for `token` (better-auth's own URL in `url` is not used: its GET callback is not public). */
  sendResetPassword?: (data: { user: { id: string; email: string; name: string }; url: string; token: string }) => Promise<void>
  /** Runs before every endpoint, for HTTP and auth.api calls alike; throw an APIError to refuse the call. */
  beforeEndpoint?: (call: AuthCall) => Promise<void>
  /** Runs after every endpoint that got past the before hooks, with its result. */
  afterEndpoint?: (call: AuthCall) => Promise<void>
  /** Checks user fields before better-auth creates or updates a user (only the fields being written); throw an APIError to refuse. */
  beforeUserWrite?: (user: { name?: unknown; email?: unknown; image?: unknown }) => Promise<void>
}

/** One better-auth endpoint call, as the accounts module's guards see it. */
export type AuthCall = {
  /** The endpoint's path, e.g. '/sign-in/email'. */
  path: string
  body: Record<string, unknown>
  /** The request the call carries (for the client address and user agent); built from its headers for auth.api calls. */
  request: Request
  /** After hooks: what the endpoint returned, an APIError when it failed. */
  returned: unknown
  /** The signed-in user of the call, for endpoints that need a session. */
  sessionUser: () => Promise<{ id: string; email: string; name: string } | null>
}

type MiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

function authCall(ctx: MiddlewareContext): AuthCall {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Record<string, unknown>) : {}
  return {
    path: ctx.path,
    body,
    request: ctx.request ?? new Request(baseUrl(), { headers: ctx.headers ?? undefined }),
    returned: ctx.context.returned,
    sessionUser: async () => (await getSessionFromCtx(ctx))?.user ?? null,
  }
}

let hooks: AuthHooks | undefined

/** Registers the email sender used for verification links (set by the accounts module). */
export function setAuthHooks(h: AuthHooks) {
  hooks = h
  cache = undefined
}

type AuthTables = Parameters<typeof drizzleAdapter>[1]['schema']

/**
 * What the marketplace instance and the administrators' one (admin-auth.server.ts, ADR 012) share:
 * this server's origin and secret, their own tables and cookie, email-and-password sign-in under the
 * one password rule (app/domain), and per-address rate limits kept in the database. `limits` are the
 * sign-in endpoints' own requests per minute; AUTH_RATE_LIMIT_SCALE multiplies them (browser tests act
 * many times from one address).
 */
export function sharedAuthOptions({ db, basePath, cookiePrefix, tables, limits }: { db: Db; basePath: string; cookiePrefix: string; tables: AuthTables; limits: Record<string, number> }) {
  const e = env()
  const rateScale = Math.max(1, Number(process.env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1)
  const origin = baseUrl()
  return {
    baseURL: origin,
    basePath,
    secret: appSecret(),
    trustedOrigins: [origin, ...e.TRUSTED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean)],
    database: drizzleAdapter(db, { provider: 'pg', schema: tables }),
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN, maxPasswordLength: PASSWORD_MAX, autoSignIn: false },
    rateLimit: {
      enabled: e.NODE_ENV !== 'test' || process.env.AUTH_RATE_LIMIT === 'true',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: Object.fromEntries(Object.entries(limits).map(([path, max]) => [path, { window: 60, max: max * rateScale }])),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: origin.startsWith('https://'),
      cookiePrefix,
    },
  } satisfies BetterAuthOptions
}

function createAuth(db: Db) {
  const shared = sharedAuthOptions({
    db,
    basePath: '/api/auth',
    cookiePrefix: 'setu',
    tables: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications, rateLimit: schema.rateLimits },
    limits: { '/sign-in/email': 5, '/sign-up/email': 5, '/send-verification-email': 3, '/change-password': 5 },
  })
  return betterAuth({
    ...shared,
    emailAndPassword: {
      ...shared.emailAndPassword,
      requireEmailVerification: true,
      // Password reset: our /forgot-password and /reset-password pages call auth.api server-side.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async (data) => {
        if (!hooks?.sendResetPassword) throw new Error('No email sender registered for password reset emails')
        await hooks.sendResetPassword(data)
      },
    },
    // Reset tokens are kept hashed (a leaked verifications table hands out no working links), under a
    // readable prefix so a finished reset can void the user's other outstanding links.
    verification: {
      storeIdentifier: {
        default: 'plain',
        overrides: { 'reset-password:': { hash: async (id) => `reset-password:${createHash('sha256').update(id).digest('base64url')}` } },
      },
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await hooks?.beforeEndpoint?.(authCall(ctx))
      }),
      after: createAuthMiddleware(async (ctx) => {
        await hooks?.afterEndpoint?.(authCall(ctx))
      }),
    },
    databaseHooks: {
      user: {
        create: { before: async (user) => void (await hooks?.beforeUserWrite?.(user)) },
        update: { before: async (user) => void (await hooks?.beforeUserWrite?.(user)) },
      },
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
