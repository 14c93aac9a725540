// 404 pages through the production build (root middleware, loaders, SSR): status 404, a translated
// <title> and heading, and the normal site header and footer, in every language.
import { describe, expect, it } from 'vitest'
import { createUser, signInCookie } from '../factories/users'
import { dispatch } from '../support/app'
import { localeMessage as msg } from '../support/locales'

const LANGUAGES = ['en', 'ru', 'hi'] as const

async function page(pathWithQuery: string, cookie?: string) {
  const res = await dispatch(pathWithQuery, { cookie })
  return { status: res.status, body: await res.text() }
}

/** Asserts the page has the site chrome, the title and the heading a visitor would see. */
function expectChrome(body: string, lng: string, title: string) {
  expect(body).toContain(`<html lang="${lng}"`)
  expect(body).toContain(`<title>${title} | Setu</title>`)
  expect(body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
  expect(body).toMatch(/<header[^>]*>/)
  expect(body).toMatch(/<footer[^>]*>/)
  expect(body).toContain('href="/marketplace"')
  expect(body.match(/<title>/g)).toHaveLength(1)
}

describe('404 pages keep the site chrome and a translated title', () => {
  it.each(LANGUAGES)('an unknown URL (%s)', async (lng) => {
    const { status, body } = await page(`/no-such-page/at-all?lng=${lng}`)
    expect(status).toBe(404)
    expectChrome(body, lng, msg(lng, 'common:notFound.title'))
    expect(body).toContain(msg(lng, 'common:notFound.description'))
    expect(body).toContain('name="robots" content="noindex"')
  })

  it.each(LANGUAGES)('an unknown product, by uuid and by junk id (%s)', async (lng) => {
    const title = msg(lng, 'catalog:product.notFound.title')
    for (const id of ['6f1c2b1e-3f57-4d0c-9a55-0b7f4f0f1a2b', 'not-a-product']) {
      const { status, body } = await page(`/products/${id}?lng=${lng}`)
      expect(status).toBe(404)
      expectChrome(body, lng, title)
    }
  })

  it.each(LANGUAGES)('an unknown category (%s)', async (lng) => {
    const { status, body } = await page(`/categories/no-such-category?lng=${lng}`)
    expect(status).toBe(404)
    expectChrome(body, lng, msg(lng, 'catalog:categories.notFound.title'))
  })

  it('keeps the signed-in user in the header of a 404 page', async () => {
    const u = await createUser({ profile: { userType: 'Buyer' } })
    const cookie = await signInCookie(u.email, u.password)
    const { status, body } = await page('/no-such-page', cookie)
    expect(status).toBe(404)
    expect(body).toContain('data-testid="user-menu"')
    expect(body).toContain(u.email)
  })

  it('answers 404 to a client-side navigation (data request) to an unknown URL', async () => {
    const res = await dispatch('/no-such-page.data')
    expect(res.status).toBe(404)
  })
})
