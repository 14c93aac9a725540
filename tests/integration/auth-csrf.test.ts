// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { csrfMiddleware, isSameOriginRequest } from '~/lib/csrf.server'
import { resetEnvCache } from '~/lib/env.server'
import { i18nextMiddleware } from '~/lib/i18next.server'

afterEach(() => {
  delete process.env.TRUSTED_ORIGINS
  resetEnvCache()
})

/** Runs the root middleware chain (i18n, then the origin guard) and reports what the visitor gets. */
async function post(path: string, headers: Record<string, string>, method = 'POST') {
  const request = new Request(`http://localhost:3000${path}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : 'email=a%40b.co&password=secret-1',
  })
  const context = new RouterContextProvider()
  let reachedAction = false
  const response = (await i18nextMiddleware({ request, context, params: {}, pattern: '' } as never, () =>
    csrfMiddleware({ request, context, params: {}, pattern: '' } as never, async () => {
      reachedAction = true
      return new Response('ok')
    }) as Promise<Response>,
  )) as Response
  return { status: response.status, text: await response.text(), reachedAction }
}

describe('forged cross-origin posts', () => {
  it('refuses a form posted from another site with a translated 403, before any action runs', async () => {
    const out = await post('/login', { Origin: 'https://evil.example' })
    expect(out).toMatchObject({ status: 403, reachedAction: false })
    expect(out.text).toBe('This request was refused because it did not come from a Setu page. Please go back, reload the page and try again.')
    const ru = await post('/register?lng=ru', { Origin: 'https://evil.example' })
    expect(ru.text).toMatch(/^Запрос отклонён/)
  })

  it.each([
    ['an opaque (null) origin', { Origin: 'null' }],
    ['a look-alike origin', { Origin: 'http://localhost:3000.evil.example' }],
    ['another port', { Origin: 'http://localhost:4000' }],
    ['no Origin but a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a malformed origin', { Origin: 'not a url' }],
  ])('refuses %s', async (_label, headers) => {
    expect(await post('/logout', headers)).toMatchObject({ status: 403, reachedAction: false })
  })

  it('covers the auth API and every unsafe method', async () => {
    expect((await post('/api/auth/sign-in/email', { Origin: 'https://evil.example' })).status).toBe(403)
    expect((await post('/profile', { Origin: 'https://evil.example' }, 'PUT')).status).toBe(403)
    expect((await post('/profile', { Origin: 'https://evil.example' }, 'DELETE')).status).toBe(403)
  })

  it('lets our own pages, trusted origins, reads and non-browser clients through', async () => {
    expect(await post('/login', { Origin: 'http://localhost:3000' })).toMatchObject({ status: 200, reachedAction: true })
    expect(await post('/login', { 'Sec-Fetch-Site': 'same-origin' })).toMatchObject({ reachedAction: true })
    expect(await post('/login', {})).toMatchObject({ reachedAction: true })
    expect(await post('/login', { Origin: 'https://evil.example' }, 'GET')).toMatchObject({ reachedAction: true })
    process.env.TRUSTED_ORIGINS = 'https://partner.example, https://other.example'
    resetEnvCache()
    expect(await post('/login', { Origin: 'https://partner.example' })).toMatchObject({ reachedAction: true })
    expect(await post('/login', { Origin: 'https://partner.example.evil' })).toMatchObject({ status: 403 })
  })

  it('judges origins by scheme, host and port only', () => {
    const req = (origin: string) => new Request('http://localhost:3000/login', { method: 'POST', headers: { Origin: origin } })
    expect(isSameOriginRequest(req('http://localhost:3000'))).toBe(true)
    expect(isSameOriginRequest(req('https://localhost:3000'))).toBe(false)
    expect(isSameOriginRequest(req('javascript:alert(1)'))).toBe(false)
  })
})

describe('root middleware', () => {
  it('runs the origin guard and the session refresh on every request', async () => {
    const { middleware } = await import('~/root')
    const { sessionRefreshMiddleware } = await import('~/modules/accounts/session.server')
    expect(middleware).toContain(csrfMiddleware)
    expect(middleware).toContain(sessionRefreshMiddleware)
    // The guard must see the request before anything that could act on it.
    expect(middleware.indexOf(csrfMiddleware as never)).toBeLessThan(middleware.indexOf(sessionRefreshMiddleware as never))
  })
})
