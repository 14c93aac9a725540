// What the server's render path (app/entry.server.tsx) leaves in a page and behind it, through the
// production build: the inline stylesheet written by the HTML stream, and no timer once a page is done.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dispatch } from '../support/app'
import { escapeStyleText } from '~/lib/inline-stylesheet.server'

const CLIENT = path.resolve(__dirname, '../../build/client')
const STYLE = /<style data-precedence="default" data-href="(\/assets\/app-[\w-]+\.css)"[^>]*>([\s\S]*?)<\/style>/

afterEach(() => vi.restoreAllMocks())

describe('the inline stylesheet', () => {
  it.each(['/', '/about?lng=hi', '/no-such-page'])('%s carries the whole built file, as React writes a style text, once', async (url) => {
    const html = await (await dispatch(url, { headers: { 'user-agent': 'Mozilla/5.0' } })).text()
    const style = STYLE.exec(html)
    expect(style).not.toBeNull()
    const css = fs.readFileSync(path.join(CLIENT, style![1]!), 'utf8')
    expect(style![2]).toBe(escapeStyleText(css))
    expect(html).not.toContain('setu-inline-stylesheet-')
    expect(html.match(/<style/g)).toHaveLength(1)
  })
})

describe('the stream timeout', () => {
  it.each([
    ['a browser (the shell streams)', 'Mozilla/5.0'],
    ['a crawler (the whole page at once)', 'Googlebot/2.1'],
  ])('is cleared once a page has rendered, for %s', async (_name, userAgent) => {
    const set = globalThis.setTimeout
    const clear = globalThis.clearTimeout
    const started: unknown[] = []
    const cleared = new Set<unknown>()
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) => {
      const timer = set(fn, ms, ...args)
      if (ms === 6_000) started.push(timer)
      return timer
    }) as typeof setTimeout)
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((timer: Parameters<typeof clearTimeout>[0]) => {
      cleared.add(timer)
      clear(timer)
    }) as typeof clearTimeout)
    const res = await dispatch('/about', { headers: { 'user-agent': userAgent } })
    expect(await res.text()).toContain('</html>')
    expect(started).toHaveLength(1)
    expect(cleared.has(started[0])).toBe(true)
  })
})
