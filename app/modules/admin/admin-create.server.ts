// Creating an admin account, alone in its file so that `npm run admin:create` (db/cli/admin-create.ts,
// run by tsx outside the Vite build) loads only the database and the hasher: the rest of the admin
// commands reach the notices and their email texts, whose translations are bundled by Vite's
// import.meta.glob (app/lib/i18next.server.ts), which plain Node cannot run.
import { randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { eq, sql } from 'drizzle-orm'
import { adminAccounts, adminUsers } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import type { AdminRole } from '~/domain'

/** The admin with this email (any case), or null. */
export async function findAdminByEmail(email: string, db: Db = getDb()) {
  const [admin] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()))
    .limit(1)
  return admin ?? null
}

export type CreateAdminInput = { email: string; fullName: string; role: AdminRole; password: string }

/**
 * Creates an admin account with a credential password (hashed by better-auth's own hasher), in
 * one transaction. Server code only: the admin instance has public sign-up disabled. The caller
 * checks the password policy and, for a super_admin acting in the panel, audits the act.
 */
export async function createAdminAccount(input: CreateAdminInput, db: Db = getDb()): Promise<{ id: string } | { error: 'emailTaken' }> {
  const email = input.email.trim().toLowerCase()
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    if (await findAdminByEmail(email, tx)) return { error: 'emailTaken' as const }
    const id = randomUUID()
    await tx.insert(adminUsers).values({ id, email, name: input.fullName.trim(), role: input.role, emailVerified: true, isActive: true })
    await tx.insert(adminAccounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash })
    return { id }
  })
}
