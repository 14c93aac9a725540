// Admin accounts (issue 10 item 1, spec §6 system administration: super_admin only). Every change is
// one transaction with its audit row. The sign-in throttle is in sign-in-throttle.server.ts.
import { and, asc, eq, or } from 'drizzle-orm'
import { adminSessions, adminUsers } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import { findPgError } from '~/lib/errors'
import { checkPasswordPolicy, type PasswordProblem } from '~/modules/accounts/index.server'
import { recordAdminAct } from './audit.server'
import { createAdminAccount } from './admin-create.server'
import { ADMIN_ACCOUNTS_PAGE_SIZE, type CreateAdminFormInput } from './components/admin-account-schemas'
import type { AdminRole } from '~/domain'
import { countRows, readPage } from './paged-list.server'
import type { CurrentAdmin } from './session.server'

// ---------------------------------------------------------------------------------------------
// Admin accounts list
// ---------------------------------------------------------------------------------------------

/** One admin account as the accounts page shows it (no auth internals). */
export type AdminAccountDto = {
  id: string
  fullName: string
  email: string
  role: AdminRole
  isActive: boolean
  twoFactorEnabled: boolean
  lastLogin: string | null
  createdAt: string
  isSelf: boolean
}

export type AdminAccountsPage = { items: AdminAccountDto[]; total: number; page: number; pageCount: number }

/** The ?page=N of the list: a positive whole number; anything else is the first page. */
export function parseAdminAccountsPage(url: URL): number {
  const raw = url.searchParams.get('page')
  return raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1
}

/** Admin accounts, oldest first, one page (a page past the end shows the last one). */
export async function listAdminAccounts(viewer: CurrentAdmin, requestedPage: number): Promise<AdminAccountsPage> {
  const list = await readPage(await countRows(adminUsers), requestedPage, ADMIN_ACCOUNTS_PAGE_SIZE, (offset) =>
    getDb()
      .select({
        id: adminUsers.id,
        fullName: adminUsers.name,
        email: adminUsers.email,
        role: adminUsers.role,
        isActive: adminUsers.isActive,
        twoFactorEnabled: adminUsers.twoFactorEnabled,
        lastLogin: adminUsers.lastLogin,
        createdAt: adminUsers.createdAt,
      })
      .from(adminUsers)
      .orderBy(asc(adminUsers.createdAt), asc(adminUsers.id))
      .limit(ADMIN_ACCOUNTS_PAGE_SIZE)
      .offset(offset),
  )
  return {
    ...list,
    items: list.items.map((r) => ({
      ...r,
      lastLogin: r.lastLogin ? r.lastLogin.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
      isSelf: r.id === viewer.id,
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Admin account changes
// ---------------------------------------------------------------------------------------------

export type CreateAdminResult = { ok: true; id: string } | { ok: false; reason: 'emailTaken' } | { ok: false; reason: 'password'; problem: PasswordProblem }

/**
 * A super_admin creates an admin account (the password must pass the policy of ADR 008), audited
 * `admin_create` in the same transaction. Two creations racing for one email: the unique index
 * decides and the loser gets 'emailTaken' like a plain duplicate.
 */
export async function createAdminByAdmin(actor: CurrentAdmin, request: Request, input: CreateAdminFormInput): Promise<CreateAdminResult> {
  const problem = await checkPasswordPolicy(input.password, { email: input.email, name: input.fullName })
  if (problem) return { ok: false, reason: 'password', problem }
  try {
    return await getDb().transaction(async (tx) => {
      const created = await createAdminAccount({ email: input.email, fullName: input.fullName, role: input.role, password: input.password }, tx)
      if ('error' in created) return { ok: false as const, reason: 'emailTaken' as const }
      await recordAdminAct(actor, request, { action: 'admin_create', target: ['admin_user', created.id], to: { email: input.email, full_name: input.fullName, role: input.role, is_active: true, via: 'panel' } }, tx)
      return { ok: true as const, id: created.id }
    })
  } catch (error) {
    if (findPgError(error)?.code === '23505') return { ok: false, reason: 'emailTaken' }
    throw error
  }
}

export type AdminChangeResult = { ok: true } | { ok: false; reason: 'notFound' | 'self' | 'lastSuperAdmin' | 'unchanged' | 'forbidden' }

type Locked = { id: string; email: string; role: AdminRole; isActive: boolean }

/**
 * Locks every super_admin row and the target's (in id order, so two changes never deadlock) and
 * checks the guards on what is now current: the actor is still an active super_admin, does not act
 * on themself, and the change leaves at least one active super_admin. A concurrent change waits
 * for the lock and then sees the other's result.
 */
async function lockForChange(tx: Db, actor: CurrentAdmin, targetId: string): Promise<{ ok: true; target: Locked; activeSupers: number } | { ok: false; reason: 'notFound' | 'self' | 'forbidden' }> {
  const rows: Locked[] = await tx
    .select({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(or(eq(adminUsers.role, 'super_admin'), eq(adminUsers.id, targetId), eq(adminUsers.id, actor.id)))
    .orderBy(asc(adminUsers.id))
    .for('update')
  const me = rows.find((r) => r.id === actor.id)
  if (!me || !me.isActive || me.role !== 'super_admin') return { ok: false, reason: 'forbidden' }
  const target = rows.find((r) => r.id === targetId)
  if (!target) return { ok: false, reason: 'notFound' }
  if (target.id === actor.id) return { ok: false, reason: 'self' }
  return { ok: true, target, activeSupers: rows.filter((r) => r.role === 'super_admin' && r.isActive).length }
}

/** Changes another admin's role (audited `admin_role_change` with the old and new role). */
export async function changeAdminRole(actor: CurrentAdmin, request: Request, targetId: string, role: AdminRole): Promise<AdminChangeResult> {
  return getDb().transaction(async (tx) => {
    const locked = await lockForChange(tx, actor, targetId)
    if (!locked.ok) return locked
    const { target, activeSupers } = locked
    if (target.role === role) return { ok: false as const, reason: 'unchanged' as const }
    if (target.role === 'super_admin' && target.isActive && activeSupers <= 1) return { ok: false as const, reason: 'lastSuperAdmin' as const }
    await tx.update(adminUsers).set({ role, updatedAt: new Date() }).where(eq(adminUsers.id, target.id))
    await recordAdminAct(actor, request, { action: 'admin_role_change', target: ['admin_user', target.id], from: { role: target.role, email: target.email }, to: { role, email: target.email } }, tx)
    return { ok: true as const }
  })
}

/**
 * Deactivates or reactivates another admin (audited `admin_status_change` with the old and new
 * is_active). Deactivation deletes the admin's sessions in the same transaction: signed out at once.
 */
export async function setAdminActive(actor: CurrentAdmin, request: Request, targetId: string, isActive: boolean): Promise<AdminChangeResult> {
  return getDb().transaction(async (tx) => {
    const locked = await lockForChange(tx, actor, targetId)
    if (!locked.ok) return locked
    const { target, activeSupers } = locked
    if (target.isActive === isActive) return { ok: false as const, reason: 'unchanged' as const }
    if (!isActive && target.role === 'super_admin' && activeSupers <= 1) return { ok: false as const, reason: 'lastSuperAdmin' as const }
    await tx.update(adminUsers).set({ isActive, updatedAt: new Date() }).where(and(eq(adminUsers.id, target.id), eq(adminUsers.isActive, !isActive)))
    const ended = isActive ? [] : await tx.delete(adminSessions).where(eq(adminSessions.userId, target.id)).returning({ id: adminSessions.id })
    await recordAdminAct(actor, request, { action: 'admin_status_change', target: ['admin_user', target.id], from: { is_active: target.isActive, email: target.email }, to: { is_active: isActive, email: target.email, ...(isActive ? {} : { sessions_ended: ended.length }) } }, tx)
    return { ok: true as const }
  })
}
