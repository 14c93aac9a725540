import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { loginThrottles, profiles, securityEvents, users } from '../../db/schema'
import { createSeller } from '../factories/catalog'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import { login } from './auth-support'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { LOGIN_THROTTLE } from '~/modules/accounts/login-throttle.server'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { action as completeAction, loader as completeLoader } from '~/routes/account/complete-profile'
import { action as profileAction, loader as profileLoader } from '~/routes/account/profile'

const profilesOf = (userId: string) => getDb().select().from(profiles).where(eq(profiles.userId, userId))
let phoneCounter = 0
/** Profile form fields; each call has its own phone number (phone numbers are unique among accounts, ADR 022). */
const setup = () => ({ name: 'Irina Volkova', country: 'Russia', userType: 'Seller', companyName: 'Ural Trade LLC', phoneNumber: `+7 495 123-45-${String(++phoneCounter).padStart(2, '0')}` })

async function withoutProfile() {
  const u = await createUser({ profile: null })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}
async function withProfile(profile: CreateUserOptions['profile'] = {}) {
  const u = await createUser({ profile })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}

describe('profile completion (/complete-profile)', () => {
  it('creates the profile from the form and the session email, then reloads the page with a toast', async () => {
    const u = await withoutProfile()
    const fields = setup()
    const out = await callRoute(completeAction, '/complete-profile?lng=ru', { cookie: u.cookie, body: form({ ...fields, email: 'forged@evil.example', redirectTo: '/kyc-upload' }) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/kyc-upload')
    expect(out.response!.headers.get('X-Remix-Reload-Document')).toBe('true')
    expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'account:completeProfile.created' })
    const rows = await profilesOf(u.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: 'Irina Volkova',
      email: u.email,
      country: 'Russia',
      userType: 'Seller',
      companyName: 'Ural Trade LLC',
      phoneNumber: fields.phoneNumber,
      kycStatus: null,
      kycDocumentUrl: null,
      accountStatus: 'active',
      preferredLanguage: 'ru',
    })
    const current = await getCurrentUser(new Request('http://localhost:3000/', { headers: { Cookie: u.cookie } }))
    expect(current?.profile).toMatchObject({ name: 'Irina Volkova', userType: 'Seller' })
  })

  it('never creates a second profile, even for two submits at once', async () => {
    const u = await withoutProfile()
    const outs = await Promise.all([
      callRoute(completeAction, '/complete-profile', { cookie: u.cookie, body: form(setup()) }),
      callRoute(completeAction, '/complete-profile', { cookie: u.cookie, body: form({ ...setup(), name: 'Second Try' }) }),
    ])
    expect(outs.map((o) => o.status)).toEqual([302, 302])
    const again = await callRoute(completeAction, '/complete-profile', { cookie: u.cookie, body: form({ ...setup(), name: 'Third Try', userType: 'Buyer' }) })
    expect(again.status).toBe(302)
    const rows = await profilesOf(u.id)
    expect(rows).toHaveLength(1)
    expect(rows[0].userType).toBe('Seller')
  })

  it('answers bad input with the spec messages and creates nothing', async () => {
    const u = await withoutProfile()
    const out = await callRoute(completeAction, '/complete-profile', {
      cookie: u.cookie,
      body: form({ name: 'I', country: 'Germany', userType: 'Admin', phoneNumber: '12345' }),
    })
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({
      fieldErrors: {
        name: 'auth:validation.nameMin',
        country: 'auth:validation.countryRequired',
        userType: 'auth:validation.userTypeRequired',
        phoneNumber: 'auth:validation.phoneInvalid',
      },
      values: { name: 'I', country: 'Germany' },
    })
    expect(await profilesOf(u.id)).toHaveLength(0)
  })

  it('maps a duplicate email (23505) to the spec message instead of failing', async () => {
    const u = await withoutProfile()
    await createSeller({ email: u.email }) // a catalog-only profile already uses this email
    const out = await callRoute(completeAction, '/complete-profile', { cookie: u.cookie, body: form(setup()) })
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ formError: 'errors:db.duplicateEmail' })
    expect(await profilesOf(u.id)).toHaveLength(0)
  })

  it('ignores an off-site redirect target', async () => {
    const u = await withoutProfile()
    const out = await callRoute(completeAction, '/complete-profile', { cookie: u.cookie, body: form({ ...setup(), redirectTo: '//evil.example/x' }) })
    expect(out.location).toBe('/')
  })

  it('ignores a redirect target with a DEL character instead of failing (was a 500)', async () => {
    const u = await withoutProfile()
    const out = await callRoute(completeAction, '/complete-profile', { cookie: u.cookie, body: form({ ...setup(), redirectTo: '/kyc-upload\u007f' }) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/')
    expect(await profilesOf(u.id)).toHaveLength(1)
  })

  it('sends anonymous posts to log in; a GET goes home unless the user still needs a profile', async () => {
    expect((await callRoute(completeAction, '/complete-profile', { body: form(setup()) })).location).toBe('/login?redirectTo=%2Fcomplete-profile')
    expect((await callRoute(completeLoader, '/complete-profile')).location).toBe('/')
    const done = await withProfile()
    expect((await callRoute(completeLoader, '/complete-profile', { cookie: done.cookie })).location).toBe('/')
    const pending = await withoutProfile()
    expect(await callRoute(completeLoader, '/complete-profile', { cookie: pending.cookie })).toMatchObject({ status: 200, location: null })
  })
})

describe('/profile', () => {
  it('requires sign-in', async () => {
    const out = await callRoute(profileLoader, '/profile')
    expect(out.status).toBe(302)
    expect(out.location).toBe('/login?redirectTo=%2Fprofile')
  })

  it('shows the own profile as a DTO (no storage key, no admin notes)', async () => {
    const u = await withProfile({ userType: 'Seller', country: 'India', companyName: 'Jaipur Gems', kycStatus: 'Pending', kycDocumentUrl: 'x/kyc_document.pdf' })
    const out = await callRoute(profileLoader, '/profile', { cookie: u.cookie })
    expect(out.data).toMatchObject({
      title: 'My Profile',
      otherSessions: 0,
      profile: { name: u.name, email: u.email, country: 'India', userType: 'Seller', companyName: 'Jaipur Gems', kycStatus: 'Pending', hasKycDocument: true },
    })
    const { profile } = out.data as { profile: Record<string, unknown> }
    expect(Object.keys(profile).sort()).toEqual(['companyName', 'country', 'email', 'hasKycDocument', 'identities', 'kycStatus', 'memberSince', 'name', 'phoneNumber', 'preferredCurrency', 'tradeDetails', 'userType'])
  })

  it('updates the profile (but not the account type or email)', async () => {
    const u = await withProfile({ userType: 'Buyer' })
    const out = await callRoute(profileAction, '/profile', {
      cookie: u.cookie,
      body: form({ intent: 'updateProfile', name: 'New Name', country: 'Russia', companyName: '', phoneNumber: '+7 900 000 00 00', preferredCurrency: 'RUB', userType: 'Seller', email: 'x@evil.example' }),
    })
    expect(out.location).toBe('/profile')
    expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'account:profile.updated' })
    const [row] = await profilesOf(u.id)
    expect(row).toMatchObject({ name: 'New Name', country: 'Russia', companyName: null, phoneNumber: '+7 900 000 00 00', preferredCurrency: 'RUB', userType: 'Buyer', email: u.email })
    const [user] = await getDb().select().from(users).where(eq(users.id, u.id))
    expect(user.name).toBe('New Name')
  })

  it('rejects an invalid edit with field messages and keeps the profile', async () => {
    const u = await withProfile()
    const [before] = await profilesOf(u.id)
    const out = await callRoute(profileAction, '/profile', {
      cookie: u.cookie,
      body: form({ intent: 'updateProfile', name: 'X', country: 'Atlantis', phoneNumber: '1' }),
    })
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({
      intent: 'updateProfile',
      fieldErrors: { name: 'auth:validation.nameMin', country: 'auth:validation.countryRequired', phoneNumber: 'auth:validation.phoneInvalid' },
    })
    expect((await profilesOf(u.id))[0]).toEqual(before)
  })

  describe('trade details (issue 29 item 4)', () => {
    const bank = { bankName: 'State Bank of India', bankAccountName: 'Jaipur Gems Pvt Ltd', bankAccountNumber: '30012345678', bankSwift: 'SBININBB', bankIfsc: 'SBIN0001234' }

    it("keeps a seller's registered address and bank account, and shows them back", async () => {
      const u = await withProfile({ userType: 'Seller', country: 'India' })
      const address = '14 Johari Bazar,\nJaipur 302003, Rajasthan'
      const out = await callRoute(profileAction, '/profile', { cookie: u.cookie, body: form({ intent: 'updateTradeDetails', registeredAddress: address, ...bank, bankBik: '', bankCorrespondentAccount: '' }) })
      expect(out.location).toBe('/profile')
      expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'account:tradeDetails.saved' })
      const page = await callRoute(profileLoader, '/profile', { cookie: u.cookie })
      // Lines as a form sends them (CRLF), kept as sent.
      expect((page.data as { profile: { tradeDetails: unknown } }).profile.tradeDetails).toEqual({ registeredAddress: address.replace('\n', '\r\n'), ...bank, bankBik: null, bankCorrespondentAccount: null })
    })

    it.each([
      [{ bankSwift: 'sbininbb' }, 'bankSwift', 'account:tradeDetails.errors.swift'],
      [{ bankAccountNumber: '3001 2345 678' }, 'bankAccountNumber', 'account:tradeDetails.errors.accountNumber'],
      [{ bankIfsc: 'SBIN1001234' }, 'bankIfsc', 'account:tradeDetails.errors.ifsc'],
      [{ bankBik: '123456789' }, 'bankBik', 'account:tradeDetails.errors.bik'],
      [{ bankCorrespondentAccount: '30101810' }, 'bankCorrespondentAccount', 'account:tradeDetails.errors.correspondentAccount'],
      [{ bankAccountName: '' }, 'bankAccountName', 'account:tradeDetails.errors.bankIncomplete'],
      [{ registeredAddress: 'x'.repeat(501) }, 'registeredAddress', 'account:tradeDetails.errors.addressTooLong'],
    ])('refuses %o on %s, as typed, and writes nothing', async (change, field, message) => {
      const u = await withProfile({ userType: 'Seller', country: 'India' })
      const [before] = await profilesOf(u.id)
      const out = await callRoute(profileAction, '/profile', { cookie: u.cookie, body: form({ intent: 'updateTradeDetails', registeredAddress: 'Jaipur', ...bank, ...change }) })
      expect(out.status).toBe(400)
      expect(out.data).toMatchObject({ intent: 'updateTradeDetails', fieldErrors: { [field]: message } })
      // The form gets back what was typed (its first 500 characters: submittedValues).
      expect((out.data as { values: Record<string, string> }).values[field]).toBe(String(Object.values(change)[0]).slice(0, 500))
      expect((await profilesOf(u.id))[0]).toEqual(before)
    })

    it('keeps a buyer’s address but refuses bank details from a buyer', async () => {
      const u = await withProfile({ userType: 'Buyer', country: 'Russia' })
      const ok = await callRoute(profileAction, '/profile', { cookie: u.cookie, body: form({ intent: 'updateTradeDetails', registeredAddress: 'Москва, ул. Тверская, 1' }) })
      expect(ok.location).toBe('/profile')
      expect((await profilesOf(u.id))[0]!.registeredAddress).toBe('Москва, ул. Тверская, 1')
      const refused = await callRoute(profileAction, '/profile', { cookie: u.cookie, body: form({ intent: 'updateTradeDetails', registeredAddress: 'Москва', ...bank }) })
      expect(refused.status).toBe(409)
      expect(refused.data).toMatchObject({ formError: 'account:tradeDetails.errors.bankSellersOnly' })
      expect((await profilesOf(u.id))[0]).toMatchObject({ registeredAddress: 'Москва, ул. Тверская, 1', bankName: null })
    })
  })

  it('answers an unknown intent or an anonymous post without a 500', async () => {
    const u = await withProfile()
    const unknown = await callRoute(profileAction, '/profile', { cookie: u.cookie, body: form({ intent: 'dropTables' }) })
    expect(unknown.status).toBe(400)
    expect((await callRoute(profileAction, '/profile', { body: form({ intent: 'updateProfile', ...setup() }) })).location).toBe('/login?redirectTo=%2Fprofile')
  })

  describe('change password', () => {
    const change = (cookie: string, fields: Record<string, string>) =>
      callRoute(profileAction, '/profile', { cookie, body: form({ intent: 'changePassword', ...fields }) })

    it('refuses a wrong current password on that field and keeps the old password', async () => {
      const u = await withProfile()
      const out = await change(u.cookie, { currentPassword: 'not-my-password', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
      expect(out.status).toBe(400)
      expect(out.data).toMatchObject({ intent: 'changePassword', fieldErrors: { currentPassword: 'account:errors.wrongPassword' } })
      await expect(signInCookie(u.email, u.password)).resolves.toContain('setu')
    })

    it('counts wrong current passwords against the account: after 5, password checks pause here and at sign-in', async () => {
      const u = await withProfile()
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
        const out = await change(u.cookie, { currentPassword: `guess-${i}`, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
        expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors.currentPassword).toBe('account:errors.wrongPassword')
      }
      const blocked = await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
      expect(blocked.status).toBe(400)
      expect(blocked.data).toMatchObject({ fieldErrors: { currentPassword: 'account:errors.tooManyAttempts' } })
      // The same counter guards sign-in: a stolen session cannot be used to guess the password.
      expect((await login(u.email, u.password)).status).toBe(429)
      await expect(signInCookie(u.email, 'brand-new-1')).rejects.toThrow()
    })

    it('keeps the count in the database and lets the user try again once the pause has passed', async () => {
      const u = await withProfile()
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
        await change(u.cookie, { currentPassword: `guess-${i}`, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
      }
      const [row] = await getDb().select().from(loginThrottles).where(eq(loginThrottles.emailKey, u.email.toLowerCase()))
      expect(row.failures).toBe(LOGIN_THROTTLE.freeFailures)

      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + LOGIN_THROTTLE.firstLockMs + 1000)
      const out = await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
      vi.useRealTimers()
      expect(out.location).toBe('/profile')
      await expect(signInCookie(u.email, 'brand-new-1')).resolves.toContain('setu')
      // A success clears the count.
      expect(await getDb().select().from(loginThrottles).where(eq(loginThrottles.emailKey, u.email.toLowerCase()))).toEqual([])
    })

    it('refuses a common password, or the email or name, as the new password', async () => {
      const u = await withProfile()
      for (const [newPassword, message] of [
        ['password123', 'auth:validation.passwordCommon'],
        [u.email, 'auth:validation.passwordLikeIdentity'],
        [u.name, 'auth:validation.passwordLikeIdentity'],
      ]) {
        const out = await change(u.cookie, { currentPassword: u.password, newPassword, confirmPassword: newPassword })
        expect(out.status).toBe(400)
        expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors.newPassword).toBe(message)
      }
      await expect(signInCookie(u.email, u.password)).resolves.toContain('setu')
    })

    it('logs a password change as a security event', async () => {
      const u = await withProfile()
      await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
      const events = await getDb().select().from(securityEvents).where(eq(securityEvents.userId, u.id))
      expect(events.map((e) => e.type)).toContain('password_changed')
    })

    it.each([
      [{ currentPassword: '', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' }, 'currentPassword', 'account:errors.currentPasswordRequired'],
      [{ currentPassword: 'x', newPassword: '1234567', confirmPassword: '1234567' }, 'newPassword', 'auth:validation.passwordMin'],
      [{ currentPassword: 'x', newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' }, 'confirmPassword', 'auth:validation.passwordsMismatch'],
    ])('validates the form %#', async (fields, field, message) => {
      const u = await withProfile()
      const out = await change(u.cookie, fields)
      expect(out.status).toBe(400)
      expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message)
    })

    it('changes the password: the new one signs in, the old one does not', async () => {
      const u = await withProfile()
      const out = await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })
      expect(out.location).toBe('/profile')
      expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'account:password.changed' })
      await expect(signInCookie(u.email, 'brand-new-1')).resolves.toContain('setu')
      await expect(signInCookie(u.email, u.password)).rejects.toThrow()
    })

    it('with "sign out other devices" ends other sessions and keeps this browser signed in with a new cookie', async () => {
      const u = await withProfile()
      const other = await signInCookie(u.email, u.password)
      const out = await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1', revokeOtherSessions: 'on' })
      expect(out.location).toBe('/profile')
      const asCookie = (c: string) => new Request('http://localhost:3000/', { headers: { Cookie: c } })
      expect(await getCurrentUser(asCookie(other))).toBeNull()
      const fresh = out.response!.headers.getSetCookie().filter((c) => c.startsWith('setu.session')).map((c) => c.split(';')[0]).join('; ')
      expect(fresh).not.toBe('')
      expect((await getCurrentUser(asCookie(fresh)))?.id).toBe(u.id)
    })
  })

  describe('sign out other sessions', () => {
    it('counts the other sessions and ends them all, keeping the current one', async () => {
      const u = await withProfile()
      const second = await signInCookie(u.email, u.password)
      const third = await signInCookie(u.email, u.password)
      expect((await callRoute(profileLoader, '/profile', { cookie: u.cookie })).data).toMatchObject({ otherSessions: 2 })

      const out = await callRoute(profileAction, '/profile', { cookie: u.cookie, body: form({ intent: 'revokeOtherSessions' }) })
      expect(out.location).toBe('/profile')
      expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'account:sessions.revoked' })

      const req = (c: string) => new Request('http://localhost:3000/', { headers: { Cookie: c } })
      expect(await getCurrentUser(req(second))).toBeNull()
      expect(await getCurrentUser(req(third))).toBeNull()
      expect((await getCurrentUser(req(u.cookie)))?.id).toBe(u.id)
      expect((await callRoute(profileLoader, '/profile', { cookie: u.cookie })).data).toMatchObject({ otherSessions: 0 })
      // the revoked cookie no longer opens a protected page either
      expect((await callRoute(profileLoader, '/profile', { cookie: second })).location).toBe('/login?redirectTo=%2Fprofile')
      expect(await getAuth().api.getSession({ headers: new Headers({ Cookie: second }) })).toBeNull()
    })
  })
})
