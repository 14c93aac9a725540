// The administrators' better-auth instance (ADR 012): its own tables (admin_users, admin_sessions,
// admin_accounts, admin_verifications, admin_rate_limits) and its own cookie, so a marketplace
// session can never open the admin panel and an admin session is never a marketplace login.
import { betterAuth } from 'better-auth'
import { APIError } from 'better-auth/api'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { eq } from 'drizzle-orm'
import * as schema from '../../db/schema'
import { sharedAuthOptions } from './auth.server'
import { getDb, type Db } from './db.server'

/** Spec §4: an admin session is valid 24 hours from sign-in, never extended. */
export const ADMIN_SESSION_SECONDS = 60 * 60 * 24

/** The admin instance's endpoints live here; no public route serves them (calls are in-process). */
export const ADMIN_AUTH_BASE_PATH = '/api/admin-auth'

export const ADMIN_COOKIE_PREFIX = 'setu_admin'

/** TOTP settings shared by the plugin and the setup check (app/modules/admin/two-factor.server.ts). */
export const ADMIN_TOTP = { issuer: 'Setu Admin', digits: 6, period: 30 } as const

/** How long the second sign-in step may take after the password step (the plugin's challenge cookie). */
export const ADMIN_TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60

function createAdminAuth(db: Db) {
  const shared = sharedAuthOptions({
    db,
    basePath: ADMIN_AUTH_BASE_PATH,
    cookiePrefix: ADMIN_COOKIE_PREFIX,
    tables: {
      user: schema.adminUsers,
      session: schema.adminSessions,
      account: schema.adminAccounts,
      verification: schema.adminVerifications,
      rateLimit: schema.adminRateLimits,
      // The two-factor plugin's model: the TOTP secret and backup codes (encrypted by better-auth).
      twoFactor: schema.adminTwoFactors,
    },
    // The second sign-in step, per client address (the plugin's own default is 3 per 10 seconds).
    limits: { '/sign-in/email': 5, '/two-factor/*': 10 },
  })
  return betterAuth({
    ...shared,
    plugins: [
      // TOTP sign-in (ADR 012, two-factor section): with two_factor_enabled on, the password step makes
      // no session; it leaves a signed challenge cookie for /admin/two-factor, where the code (or a
      // backup code) creates the session. Five wrong codes end a challenge; ten in a row lock the
      // second step for 15 minutes.
      twoFactor({
        issuer: ADMIN_TOTP.issuer,
        totpOptions: { digits: ADMIN_TOTP.digits, period: ADMIN_TOTP.period },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        twoFactorCookieMaxAge: ADMIN_TWO_FACTOR_CHALLENGE_SECONDS,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        // The plugin's model `twoFactor` is the drizzle table admin_two_factors above (its fields keep
        // the plugin's names); `user.twoFactorEnabled` is admin_users.two_factor_enabled.
        schema: { twoFactor: { modelName: 'twoFactor' } },
      }),
    ],
    emailAndPassword: {
      ...shared.emailAndPassword,
      // Admins are created by a super_admin or the CLI, with a known address: nothing to verify,
      // and nobody may sign up.
      requireEmailVerification: false,
      disableSignUp: true,
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            // A deactivated admin gets no session, whatever the password.
            const [admin] = await getDb()
              .select({ isActive: schema.adminUsers.isActive })
              .from(schema.adminUsers)
              .where(eq(schema.adminUsers.id, session.userId))
              .limit(1)
            if (!admin?.isActive) throw new APIError('FORBIDDEN', { code: 'ADMIN_INACTIVE', message: 'This admin account is deactivated.' })
          },
        },
      },
    },
    session: {
      expiresIn: ADMIN_SESSION_SECONDS,
      // Never extended: 24 hours from sign-in, then sign in again.
      updateAge: ADMIN_SESSION_SECONDS,
      disableSessionRefresh: true,
    },
  })
}

export type AdminAuth = ReturnType<typeof createAdminAuth>

let cache: { db: Db; auth: AdminAuth } | undefined

/** The admin better-auth instance bound to the current database. */
export function getAdminAuth(): AdminAuth {
  const db = getDb()
  if (!cache || cache.db !== db) cache = { db, auth: createAdminAuth(db) }
  return cache.auth
}
