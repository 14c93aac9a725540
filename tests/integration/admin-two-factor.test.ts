import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminSessions, adminTwoFactors, adminUsers, auditLog } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { getCurrentAdmin } from '~/modules/admin/session.server'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { action as securityAction, loader as securityLoader } from '~/routes/admin/security'
import { action as twoFactorAction, loader as twoFactorLoader } from '~/routes/admin/two-factor'
import { callRoute, form, toastOf } from './account-support'
import { ADMIN_CLIENT, ADMIN_TEST_PASSWORD, adminCookie, adminLogin, adminTwoFactorStep, createAdmin, enableAdminTwoFactor, totpCode } from '../factories/admins'
import { cookieHeaderFrom, requestAs } from '../factories/users'

async function latestAudit(action: string) {
  const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  return row
}
const auditCount = async () => (await getDb().select({ id: auditLog.id }).from(auditLog)).length
const sessionsOf = (adminId: string) => getDb().select().from(adminSessions).where(eq(adminSessions.userId, adminId))
const security = (cookie: string, fields: Record<string, string>) => callRoute(securityAction, '/admin/security', { cookie, body: form(fields), headers: ADMIN_CLIENT })
const stateOf = async (cookie: string) => ((await callRoute(securityLoader, '/admin/security', { cookie })).data as { state: string }).state
/** A TOTP code that is certainly wrong now (the current one with its last digit changed). */
const wrongCode = async (secret: string) => {
  const right = await totpCode(secret)
  return right.slice(0, 5) + String((Number(right[5]) + 5) % 10)
}

/** An admin with two-factor sign-in on, and the cookie of the challenge their password step leaves. */
async function adminWithTwoFactor(opts: { redirectTo?: string } = {}) {
  const a = await createAdmin({ role: 'admin' })
  const cookie = await adminCookie(a.email, a.password)
  const { secret, backupCodes } = await enableAdminTwoFactor(cookie)
  const step = await adminLogin(a.email, a.password, { redirectTo: opts.redirectTo })
  return { ...a, secret, backupCodes, step, challenge: cookieHeaderFrom(step.response) }
}

describe('/admin/security: turning two-factor sign-in on', () => {
  it('asks for the password, shows the QR code, the key and ten backup codes once, and turns on only after a right code (audited)', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    expect(await stateOf(cookie)).toBe('off')

    const wrong = await security(cookie, { intent: 'enable', password: 'not-my-password-1' })
    expect(wrong.status).toBe(400)
    expect(wrong.data).toMatchObject({ fieldErrors: { password: 'adminAccounts:twoFactor.errors.wrongPassword' } })
    expect(await getDb().select().from(adminTwoFactors).where(eq(adminTwoFactors.userId, a.id))).toEqual([])

    const missing = await security(cookie, { intent: 'enable', password: '' })
    expect(missing.status).toBe(400)
    expect(missing.data).toMatchObject({ fieldErrors: { password: 'adminAccounts:twoFactor.errors.passwordRequired' } })

    const started = await security(cookie, { intent: 'enable', password: a.password })
    expect(started.status).toBe(200)
    const setup = (started.data as { setup: { qrDataUrl: string; secret: string; backupCodes: string[] } }).setup
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/)
    expect(setup.secret).toMatch(/^[A-Z2-7]{32,}$/)
    expect(setup.backupCodes).toHaveLength(10)
    for (const code of setup.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    // The secret and codes are stored encrypted, never as shown.
    const [stored] = await getDb().select().from(adminTwoFactors).where(eq(adminTwoFactors.userId, a.id))
    expect(stored.verified).toBe(false)
    expect(stored.secret).not.toContain(setup.secret)
    expect(stored.backupCodes).not.toContain(setup.backupCodes[0])
    expect(await stateOf(cookie)).toBe('pending')
    // Not on yet: signing in still needs only the password.
    expect((await adminLogin(a.email, a.password)).location).toBe('/admin/dashboard')

    const before = await auditCount()
    const bad = await security(cookie, { intent: 'verify', code: await wrongCode(setup.secret) })
    expect(bad.status).toBe(400)
    expect(bad.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.invalidCode' } })
    const malformed = await security(cookie, { intent: 'verify', code: '12ab' })
    expect(malformed.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.codeFormat' } })
    expect(await auditCount()).toBe(before)

    const ok = await security(cookie, { intent: 'verify', code: await totpCode(setup.secret) })
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/admin/security')
    expect(await stateOf(cookie)).toBe('on')
    const [row] = await getDb().select({ on: adminUsers.twoFactorEnabled }).from(adminUsers).where(eq(adminUsers.id, a.id))
    expect(row.on).toBe(true)
    const audit = await latestAudit('admin_two_factor_change')
    expect(audit).toMatchObject({ adminId: a.id, targetType: 'admin_user', targetId: a.id, oldValue: { two_factor_enabled: false }, newValue: { two_factor_enabled: true } })
    // The session that turned it on keeps working, with its original 24 hours.
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).status).toBe(200)

    const again = await security(cookie, { intent: 'enable', password: a.password })
    expect(again.status).toBe(409)
    expect(again.data).toMatchObject({ formError: 'adminAccounts:twoFactor.errors.alreadyOn' })
  })

  it('is every admin’s own page (moderators too); visitors go to /admin/login', async () => {
    const m = await createAdmin({ role: 'moderator' })
    const cookie = await adminCookie(m.email, m.password)
    expect((await callRoute(securityLoader, '/admin/security', { cookie })).status).toBe(200)
    expect((await callRoute(securityLoader, '/admin/security')).location).toBe('/admin/login?redirectTo=%2Fadmin%2Fsecurity')
    const before = await auditCount()
    expect((await callRoute(securityAction, '/admin/security', { body: form({ intent: 'enable', password: 'x' }) })).status).toBe(302)
    expect(await auditCount()).toBe(before)
  })
})

describe('two-factor sign-in', () => {
  it('the password step makes no session: /admin/two-factor asks for the code; only the code creates the session (audited credentials+totp)', async () => {
    const a = await adminWithTwoFactor()
    const loginsBefore = (await getDb().select().from(auditLog).where(eq(auditLog.action, 'login'))).length
    const sessionsBefore = (await sessionsOf(a.id)).length
    const step = await adminLogin(a.email, a.password)
    expect(step.status).toBe(302)
    expect(step.location).toBe('/admin/two-factor')
    const challenge = cookieHeaderFrom(step.response)
    expect(challenge).toMatch(/setu_admin\.two_factor=/)
    expect(challenge).not.toMatch(/setu_admin\.session_token=/)
    expect((await sessionsOf(a.id)).length).toBe(sessionsBefore)
    expect((await getDb().select().from(auditLog).where(eq(auditLog.action, 'login'))).length).toBe(loginsBefore)
    // A half-done sign-in opens nothing.
    expect(await getCurrentAdmin(requestAs(challenge))).toBeNull()
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie: challenge })).location).toBe('/admin/login')

    expect((await callRoute(twoFactorLoader, '/admin/two-factor', { cookie: challenge })).status).toBe(200)

    const wrong = await adminTwoFactorStep(challenge, await wrongCode(a.secret))
    expect(wrong.status).toBe(401)
    expect(wrong.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.invalidCode' } })
    expect(await latestAudit('login_failed')).toMatchObject({ adminId: null, adminEmail: a.email, newValue: { reason: 'invalid_totp', login_method: 'credentials+totp' } })
    const malformed = await adminTwoFactorStep(challenge, 'abc')
    expect(malformed.status).toBe(400)
    expect(malformed.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.codeFormat' } })

    const ok = await adminTwoFactorStep(challenge, await totpCode(a.secret))
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/admin/dashboard')
    const session = cookieHeaderFrom(ok.response)
    expect(session).toMatch(/setu_admin\.session_token=/)
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie: session })).status).toBe(200)
    const login = await latestAudit('login')
    expect(login).toMatchObject({ adminId: a.id, ipAddress: '203.0.113.9', userAgent: 'AdminTest/1.0', newValue: { success: true, login_method: 'credentials+totp' } })
    // The challenge is used up.
    expect((await callRoute(twoFactorLoader, '/admin/two-factor', { cookie: challenge })).location).toBe('/admin/login')
    // Signed in: the code page sends the admin on.
    expect((await callRoute(twoFactorLoader, '/admin/two-factor', { cookie: session })).location).toBe('/admin/dashboard')
  })

  it('each code signs in once: the same code in a second sign-in is refused (audited totp_reused), and a wrong code may be typed again', async () => {
    const a = await adminWithTwoFactor()
    const code = await totpCode(a.secret)
    expect((await adminTwoFactorStep(a.challenge, code)).status).toBe(302)
    const sessions = (await sessionsOf(a.id)).length
    const second = await adminLogin(a.email, a.password)
    const replay = await adminTwoFactorStep(cookieHeaderFrom(second.response), code)
    expect(replay.status).toBe(401)
    expect(replay.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.codeUsed' } })
    expect(await latestAudit('login_failed')).toMatchObject({ adminEmail: a.email, newValue: { reason: 'totp_reused', login_method: 'credentials+totp' } })
    expect((await sessionsOf(a.id)).length).toBe(sessions)
    // A wrong code is not "used": typed twice, it is judged wrong twice.
    const bad = await wrongCode(a.secret)
    for (let i = 0; i < 2; i++) expect((await adminTwoFactorStep(cookieHeaderFrom(second.response), bad)).data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.invalidCode' } })
  })

  it('keeps redirectTo through the second step, inside the panel only', async () => {
    const a = await adminWithTwoFactor({ redirectTo: '/admin/audit?action=login' })
    expect(a.step.location).toBe('/admin/two-factor?redirectTo=%2Fadmin%2Faudit%3Faction%3Dlogin')
    expect((await adminTwoFactorStep(a.challenge, await totpCode(a.secret), { redirectTo: '/admin/audit?action=login' })).location).toBe('/admin/audit?action=login')
    const b = await adminWithTwoFactor()
    expect((await adminTwoFactorStep(b.challenge, await totpCode(b.secret), { redirectTo: 'https://evil.example/' })).location).toBe('/admin/dashboard')
  })

  it('accepts a backup code once (audited credentials+backup_code)', async () => {
    const a = await adminWithTwoFactor()
    const ok = await adminTwoFactorStep(a.challenge, a.backupCodes[0], { method: 'backup' })
    expect(ok.status).toBe(302)
    expect((await latestAudit('login')).newValue).toMatchObject({ login_method: 'credentials+backup_code' })
    const again = await adminLogin(a.email, a.password)
    const reused = await adminTwoFactorStep(cookieHeaderFrom(again.response), a.backupCodes[0], { method: 'backup' })
    expect(reused.status).toBe(401)
    expect(reused.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.invalidCode' } })
    expect((await latestAudit('login_failed')).newValue).toMatchObject({ reason: 'invalid_backup_code' })
  })

  it('ends a challenge after five wrong codes: the right one no longer works, sign in again', async () => {
    const a = await adminWithTwoFactor()
    const bad = await wrongCode(a.secret)
    for (let i = 0; i < 5; i++) expect((await adminTwoFactorStep(a.challenge, bad)).status).toBe(401)
    const sixth = await adminTwoFactorStep(a.challenge, await totpCode(a.secret))
    expect(sixth.location).toBe('/admin/login')
    expect(await toastOf(sixth.response)).toMatchObject({ type: 'error', key: 'adminAccounts:twoFactor.errors.tooManyCodes' })
    expect((await latestAudit('login_failed')).newValue).toMatchObject({ reason: 'too_many_codes' })
    const after = await adminTwoFactorStep(a.challenge, await totpCode(a.secret))
    expect(after.location).toBe('/admin/login')
    expect(await toastOf(after.response)).toMatchObject({ key: 'adminAccounts:twoFactor.errors.expired' })
    expect((await sessionsOf(a.id)).length).toBe(1) // only the session that turned two-factor on
    // A fresh password step works.
    const fresh = await adminLogin(a.email, a.password)
    expect((await adminTwoFactorStep(cookieHeaderFrom(fresh.response), await totpCode(a.secret))).status).toBe(302)
  })

  it('refuses the second step without a challenge, with a forged one, or after deactivation, writing nothing', async () => {
    const before = await auditCount()
    const none = await callRoute(twoFactorAction, '/admin/two-factor', { body: form({ method: 'totp', code: '123456', redirectTo: '/admin/kyc' }) })
    expect(none.location).toBe('/admin/login?redirectTo=%2Fadmin%2Fkyc')
    expect(await toastOf(none.response)).toMatchObject({ type: 'error', key: 'adminAccounts:twoFactor.errors.expired' })
    const forged = await adminTwoFactorStep('setu_admin.two_factor=2fa-forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D', '123456')
    expect(forged.location).toBe('/admin/login')
    expect(await auditCount()).toBe(before)
    expect((await callRoute(twoFactorLoader, '/admin/two-factor?redirectTo=%2Fadmin%2Faudit')).location).toBe('/admin/login?redirectTo=%2Fadmin%2Faudit')

    const a = await adminWithTwoFactor()
    await getDb().update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, a.id))
    const out = await adminTwoFactorStep(a.challenge, await totpCode(a.secret))
    expect(out.location).toBe('/admin/login')
    expect(cookieHeaderFrom(out.response)).not.toMatch(/session_token/)
    expect(await sessionsOf(a.id)).toHaveLength(1) // only the session that turned two-factor on
  })
})

describe('/admin/security: turning two-factor sign-in off', () => {
  it('needs the password and a current code; then sign-in is one step again (audited)', async () => {
    const a = await adminWithTwoFactor()
    const session = cookieHeaderFrom((await adminTwoFactorStep(a.challenge, await totpCode(a.secret))).response)
    const before = await auditCount()
    const wrongPassword = await security(session, { intent: 'disable', password: 'not-my-password-1', code: await totpCode(a.secret) })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.data).toMatchObject({ fieldErrors: { password: 'adminAccounts:twoFactor.errors.wrongPassword' } })
    const wrong = await security(session, { intent: 'disable', password: ADMIN_TEST_PASSWORD, code: await wrongCode(a.secret) })
    expect(wrong.status).toBe(400)
    expect(wrong.data).toMatchObject({ fieldErrors: { code: 'adminAccounts:twoFactor.errors.invalidCode' } })
    expect(await auditCount()).toBe(before)
    expect(await stateOf(session)).toBe('on')

    const ok = await security(session, { intent: 'disable', password: ADMIN_TEST_PASSWORD, code: await totpCode(a.secret) })
    expect(ok.status).toBe(302)
    expect(await stateOf(session)).toBe('off')
    expect(await getDb().select().from(adminTwoFactors).where(eq(adminTwoFactors.userId, a.id))).toEqual([])
    expect(await latestAudit('admin_two_factor_change')).toMatchObject({ adminId: a.id, oldValue: { two_factor_enabled: true }, newValue: { two_factor_enabled: false } })
    expect((await adminLogin(a.email, a.password)).location).toBe('/admin/dashboard')

    const notOn = await security(session, { intent: 'disable', password: ADMIN_TEST_PASSWORD, code: '123456' })
    expect(notOn.status).toBe(409)
  })
})
