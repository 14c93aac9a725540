// The kinds of visitor the access matrix and the fuzz tests act as, each with a real session cookie.
import { eq } from 'drizzle-orm'
import { profiles, sessions, users } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { createUser, signInCookie } from '../factories/users'

export const ACTORS = ['visitor', 'unverified', 'incomplete', 'buyer', 'pendingSeller', 'approvedSeller', 'suspended'] as const
export type Actor = (typeof ACTORS)[number]

export type ActorSession = {
  actor: Actor
  userId: string | null
  email: string | null
  /** Cookie header for requests as this actor; null for the visitor. */
  cookie: string | null
  /** A second session of the same user, for acts that end a session (sign-out). */
  spareCookie: string | null
}

async function signedIn(actor: Actor, user: Awaited<ReturnType<typeof createUser>>): Promise<ActorSession> {
  const cookie = await signInCookie(user.email, user.password)
  const spareCookie = await signInCookie(user.email, user.password)
  return { actor, userId: user.id, email: user.email, cookie, spareCookie }
}

/**
 * Creates one user per actor and signs each in. The unverified and suspended users could not sign
 * in, so they sign in first and lose their standing afterwards: their sessions are exactly what a
 * user keeps when an account is suspended (or un-verified) while signed in.
 */
export async function createActors(): Promise<Record<Actor, ActorSession>> {
  const visitor: ActorSession = { actor: 'visitor', userId: null, email: null, cookie: null, spareCookie: null }
  const unverified = await signedIn('unverified', await createUser({ profile: { userType: 'Buyer' } }))
  await getDb().update(users).set({ emailVerified: false }).where(eq(users.id, unverified.userId!))
  const incomplete = await signedIn('incomplete', await createUser({ profile: null }))
  const buyer = await signedIn('buyer', await createUser({ profile: { userType: 'Buyer', country: 'India' } }))
  const pendingSeller = await signedIn('pendingSeller', await createUser({ profile: { userType: 'Seller', country: 'India', kycStatus: 'Pending' } }))
  const approvedSeller = await signedIn('approvedSeller', await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved' } }))
  const suspended = await signedIn('suspended', await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } }))
  await getDb().update(profiles).set({ accountStatus: 'suspended' }).where(eq(profiles.userId, suspended.userId!))
  return { visitor, unverified, incomplete, buyer, pendingSeller, approvedSeller, suspended }
}

type SessionRow = typeof sessions.$inferSelect

/** Snapshot of the actors' session rows, so a test can put back sessions that an action ended. */
export async function saveSessions(actors: ActorSession[]): Promise<SessionRow[]> {
  const rows: SessionRow[] = []
  for (const a of actors) if (a.userId) rows.push(...(await getDb().select().from(sessions).where(eq(sessions.userId, a.userId))))
  return rows
}

/** Re-inserts any saved session row that is gone (sign-out, "sign out other sessions"). */
export async function restoreSessions(rows: SessionRow[]) {
  if (rows.length) await getDb().insert(sessions).values(rows).onConflictDoNothing()
}
