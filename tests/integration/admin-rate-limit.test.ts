// better-auth's limiter is off in tests unless AUTH_RATE_LIMIT=true; it is read when the admin auth
// instance is first built, which happens after this line.
process.env.AUTH_RATE_LIMIT = 'true'

import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { action as adminLoginAction } from '~/routes/admin/login'
import { callRoute, form } from './account-support'
import { createAdmin } from '../factories/admins'

const loginFrom = (ip: string, email: string, password: string) =>
  callRoute(adminLoginAction, '/admin/login', { body: form({ email, password }), headers: { 'x-setu-client-ip': ip } })

describe('admin sign-in rate limit (5 a minute per client, its own counter)', () => {
  it('stops a sixth attempt from one address, audits it, and leaves other addresses alone', async () => {
    const a = await createAdmin()
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom('203.0.113.50', a.email, `wrong-password-${i}`)).status).toBe(401)
    }
    const limited = await loginFrom('203.0.113.50', a.email, a.password)
    expect(limited.status).toBe(429)
    expect(limited.data).toMatchObject({ formError: 'admin:login.tooManyAttempts' })
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, 'login_failed')).orderBy(desc(auditLog.id)).limit(1)
    expect(row.newValue).toMatchObject({ reason: 'rate_limited' })
    expect(row.ipAddress).toBe('203.0.113.50')
    expect((await loginFrom('198.51.100.60', a.email, a.password)).status).toBe(302)
  })
})
