// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { returnPath, safeRedirect, SAFE_REDIRECT_MAX_LENGTH } from './safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/kyc-upload?x=1#top', '/kyc-upload?x=1#top'],
    ['/products/%D0%B0', '/products/%D0%B0'],
    ['/товары', '/%D1%82%D0%BE%D0%B2%D0%B0%D1%80%D1%8B'],
    ['/a b', '/a%20b'],
    ['/./../etc', '/etc'],
    ['//evil.example', '/'],
    ['///evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['evil.example', '/'],
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
    [42, '/'],
    [['/dashboard'], '/'],
    ['/a\nb', '/'],
    ['/a\rb', '/'],
    ['/a\tb', '/'],
    ['/a\u0000b', '/'],
    ['/a\u007fb', '/'],
    ['/\u007f/evil.example', '/'],
    ['/' + 'a'.repeat(SAFE_REDIRECT_MAX_LENGTH), '/'],
  ])('%j → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.example', '/dashboard')).toBe('/dashboard')
  })

  it('never leaves the site and always fits in a Location header, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.webUrl(), fc.webPath(), fc.constantFrom('/', '//', '/\\', '/\u007f')), (input) => {
        const out = safeRedirect(input)
        expect(out.startsWith('/')).toBe(true)
        expect(out.startsWith('//')).toBe(false)
        expect(new URL(out, 'https://setu.example').origin).toBe('https://setu.example')
        expect(() => new Headers({ Location: out })).not.toThrow()
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses a path that only becomes protocol-relative once normalised', () => {
    expect(safeRedirect('/.//evil.example')).toBe('/')
    expect(safeRedirect('/a/..//evil.example')).toBe('/')
  })

  it('keeps any same-site path a browser would send', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const input = `/${path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`
        const expected = new URL(input, 'http://x.invalid')
        // "/.//x" normalises to "//x", which a browser reads as another host: refused, like "//x".
        const wanted = expected.pathname.startsWith('//') ? '/' : `${expected.pathname}${expected.search}`
        expect(safeRedirect(input)).toBe(wanted)
      }),
      { numRuns: 500 },
    )
  })
})

describe('returnPath', () => {
  it('is the request path and query', () => {
    expect(returnPath(new Request('http://localhost/dashboard/products?page=2'))).toBe('/dashboard/products?page=2')
  })
})
