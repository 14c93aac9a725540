// Password policy (ADR 008, ASVS 5.0 V6.2): at least 8 characters, not a common or breached
// password, not the email or the name; on registration, and on every better-auth call that sets one.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, users } from '../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { checkPasswordNotCommon, checkPasswordPolicy } from '~/modules/accounts/password-policy.server'
import { PASSWORD_MIN } from '~/domain'
import { register, registrationFields } from './auth-support'
import { DEMO_PASSWORD } from '../../db/seed/accounts'

const counts = async () => {
  const [u] = await getDb().select({ n: sql<number>`count(*)::int` }).from(users)
  const [p] = await getDb().select({ n: sql<number>`count(*)::int` }).from(profiles)
  return { users: u.n, profiles: p.n }
}

describe('the password rule', () => {
  it.each([
    ['password', 'auth:validation.passwordCommon'],
    ['Password123', 'auth:validation.passwordCommon'],
    ['QWERTYUIOP', 'auth:validation.passwordCommon'],
    ['iloveyou', 'auth:validation.passwordCommon'],
    ['1234567', 'auth:validation.passwordMin'],
    ['x'.repeat(129), 'auth:validation.passwordTooLong'],
  ])('refuses %j', async (password, problem) => {
    expect(await checkPasswordPolicy(password)).toBe(problem)
  })

  it('refuses the email, its local part and the name', async () => {
    const identity = { email: 'Asha.Rao@Example.com', name: 'Asha Rao Exports' }
    expect(await checkPasswordPolicy('asha.rao@example.com', identity)).toBe('auth:validation.passwordLikeIdentity')
    expect(await checkPasswordPolicy('asha.rao', { email: 'asha.rao@example.com' })).toBe('auth:validation.passwordLikeIdentity')
    expect(await checkPasswordPolicy('Asha Rao Exports', identity)).toBe('auth:validation.passwordLikeIdentity')
    expect(await checkPasswordPolicy('asharaoexports', identity)).toBe('auth:validation.passwordLikeIdentity')
  })

  it('accepts a long, uncommon password, and the demo accounts’ password', async () => {
    expect(PASSWORD_MIN).toBe(8)
    expect(await checkPasswordPolicy('river-stone-7', { email: 'a@example.com', name: 'Asha' })).toBeNull()
    expect(await checkPasswordPolicy(DEMO_PASSWORD)).toBeNull()
    expect(await checkPasswordNotCommon(DEMO_PASSWORD)).toBeNull()
  })
})

describe('registration', () => {
  it.each([
    ['a common password', 'password1', 'auth:validation.passwordCommon'],
    ['a 7-character password', 'abc-123', 'auth:validation.passwordMin'],
  ])('refuses %s on the password field and stores nothing', async (_label, password, message) => {
    const before = await counts()
    const out = await register(registrationFields({ password, confirmPassword: password }))
    expect(out.status).toBe(400)
    expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors.password).toBe(message)
    expect(await counts()).toEqual(before)
  })

  it('refuses the email as the password', async () => {
    const fields = registrationFields()
    const out = await register({ ...fields, password: fields.email, confirmPassword: fields.email })
    expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors.password).toBe('auth:validation.passwordLikeIdentity')
    expect(await getDb().select().from(users).where(eq(users.email, fields.email as string))).toEqual([])
  })

  it('holds direct auth.api sign-ups to the same rule', async () => {
    const before = await counts()
    await expect(getAuth().api.signUpEmail({ body: { email: 'direct@example.com', password: 'qwerty123', name: 'Direct Caller' } })).rejects.toMatchObject({
      statusCode: 400,
      body: { code: 'PASSWORD_COMMON' },
    })
    await expect(getAuth().api.signUpEmail({ body: { email: 'short@example.com', password: 'abc-123', name: 'Short Password' } })).rejects.toMatchObject({
      statusCode: 400,
    })
    expect(await counts()).toEqual(before)
  })
})
