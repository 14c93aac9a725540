// Wires the accounts module into better-auth: verification emails, the account-status check
// that refuses sessions to suspended or banned users, and the guards of auth-guards.server.ts.
// Registered once, when this file is loaded (session.server.ts imports it, and the root layout imports that).
import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { setAuthHooks } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { afterAuthEndpoint, beforeAuthEndpoint, checkUserFields } from './auth-guards.server'
import { sendVerificationEmail } from './emails.server'
import { sendPasswordResetEmail } from './password-reset-emails.server'

/** Refuses a new session to a user whose profile is suspended or banned (spec §3 account_status). */
export async function assertAccountActive(userId: string): Promise<void> {
  const [profile] = await getDb()
    .select({ accountStatus: profiles.accountStatus })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (profile?.accountStatus === 'suspended') {
    throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: 'Your account has been suspended. Please contact support.' })
  }
  if (profile?.accountStatus === 'banned') {
    throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_BANNED', message: 'Your account has been banned. Please contact support.' })
  }
}

setAuthHooks({
  sendVerificationEmail,
  beforeSessionCreate: assertAccountActive,
  sendResetPassword: sendPasswordResetEmail,
  beforeEndpoint: beforeAuthEndpoint,
  afterEndpoint: afterAuthEndpoint,
  beforeUserWrite: checkUserFields,
})
