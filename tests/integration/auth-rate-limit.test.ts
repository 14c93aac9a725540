// better-auth's limiter is off in tests unless AUTH_RATE_LIMIT=true; it is read when the auth
// instance is first built, which happens after this line.
process.env.AUTH_RATE_LIMIT = 'true'

import { describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER } from '~/lib/auth.server'
import { action as verifyAction } from '~/routes/auth/verify-email'
import { callRoute, form } from './account-support'
import { login, register, registrationFields } from './auth-support'
import { createUser } from '../factories/users'

const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip })

describe('sign-in rate limit (5 per minute per client)', () => {
  it('stops repeated failures from one address with a clear message, while another address can still sign in', async () => {
    const u = await createUser()
    // Five different accounts, so the per-account throttle (auth-throttle.test.ts) stays out of it.
    for (let i = 0; i < 5; i++) {
      const out = await login(`someone-else-${i}@example.com`, 'wrong-password', { headers: from('203.0.113.7') })
      expect((out.data as { formError?: string }).formError).toBe('errors:auth.invalidCredentials')
    }
    const limited = await login(u.email, u.password, { headers: from('203.0.113.7') })
    expect(limited.status).toBe(429)
    expect((limited.data as { formError?: string }).formError).toBe('errors:auth.rateLimited')
    expect(limited.location).toBeNull()

    const other = await login(u.email, u.password, { headers: from('198.51.100.23') })
    expect(other.location).toBe('/')
  })

  it('limits registrations per client too, with a message that is not about signing in', async () => {
    const ip = from('192.0.2.99')
    for (let i = 0; i < 5; i++) expect((await register(registrationFields(), { headers: ip })).data).toMatchObject({ ok: true })
    const out = await register(registrationFields(), { headers: ip })
    expect(out.status).toBe(429)
    expect(out.data).toMatchObject({ ok: false, formError: 'errors:auth.tooManyRequests' })
  })

  it('limits verification resends (3 per minute per client)', async () => {
    const ip = from('192.0.2.150')
    for (let i = 0; i < 3; i++) {
      const out = await callRoute(verifyAction, '/verify-email', { body: form({ email: `someone${i}@example.com` }), headers: ip })
      expect(out.status).toBe(302)
    }
    const out = await callRoute(verifyAction, '/verify-email', { body: form({ email: 'someone@example.com' }), headers: ip })
    expect(out.status).toBe(429)
    expect(out.data).toMatchObject({ ok: false, formError: 'errors:auth.tooManyRequests' })
  })
})
