// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { DEFERRED_MODULE_TYPE, startAfterFirstPaint } from './deferred-scripts'

describe('startAfterFirstPaint', () => {
  it('names the preloads as a JSON array and turns the inert script into a module', () => {
    const text = startAfterFirstPaint(['/assets/entry.client-a.js', '/assets/framework-b.js'])
    expect(text).toContain('var h=["/assets/entry.client-a.js","/assets/framework-b.js"]')
    expect(text).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`)
    expect(text).toContain("l.rel='modulepreload'")
    expect(text).toContain("s.type='module'")
  })

  it('cannot be closed early by an href', () => {
    const text = startAfterFirstPaint(['/a.js</script><script>alert(1)</script>'])
    expect(text).not.toMatch(/<\/script/i)
    expect(text).toContain('\\u003c/script>')
  })

  it('runs as a script: the module first, then the preloads a few per task', () => {
    const added: string[] = []
    const fakeDocument = {
      querySelector: () => ({ nonce: 'n', textContent: 'import "x"', parentNode: { insertBefore: (s: { type: string }) => added.push(`script:${s.type}`) } }),
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (l: { rel: string; href: string }) => added.push(`${l.rel}:${l.href}`) },
      addEventListener: () => {},
      removeEventListener: () => {},
    }
    let frame: (() => void) | undefined
    const later: (() => void)[] = []
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/m${i}.js`)
    new Function('document', 'requestAnimationFrame', 'setTimeout', startAfterFirstPaint(hrefs))(
      fakeDocument,
      (cb: () => void) => (frame = cb),
      (cb: () => void, ms: number) => ms === 0 && later.push(cb),
    )
    frame!()
    frame!()
    later.shift()!() // the starter
    // One task: the module script and the first four preloads; the rest in the tasks after.
    expect(added).toEqual(['script:module', ...hrefs.slice(0, 4).map((h) => `modulepreload:${h}`)])
    later.shift()!()
    expect(added.slice(5)).toEqual(hrefs.slice(4, 8).map((h) => `modulepreload:${h}`))
    later.shift()!()
    expect(added.slice(9)).toEqual(hrefs.slice(8).map((h) => `modulepreload:${h}`))
    expect(later).toEqual([])
  })
})

describe('a click before hydration', () => {
  type Listener = (e: { target: unknown }) => void
  /** Runs the starter against a fake document; returns what a test needs to drive it. */
  function boot() {
    const listeners = new Set<Listener>()
    const timers: (() => void)[] = []
    const fakeDocument: Record<string, unknown> = {
      querySelector: () => ({ nonce: 'n', textContent: 'import "x"', parentNode: { insertBefore: () => {} } }),
      createElement: () => ({}),
      head: { appendChild: () => {} },
      addEventListener: (type: string, fn: Listener, capture: boolean) => type === 'click' && capture && listeners.add(fn),
      removeEventListener: (type: string, fn: Listener) => type === 'click' && listeners.delete(fn),
    }
    new Function('document', 'requestAnimationFrame', 'setTimeout', startAfterFirstPaint([]))(
      fakeDocument,
      (cb: () => void) => cb(),
      (cb: () => void) => timers.push(cb),
    )
    const click = (target: unknown) => [...listeners].forEach((fn) => fn({ target }))
    const tick = () => timers.splice(0).forEach((cb) => cb())
    const hydrate = () => (fakeDocument['__reactContainer$abc'] = {})
    return { listeners, click, tick, hydrate }
  }
  function button(type: 'button' | 'submit', form: object | null) {
    const el = { type, form, isConnected: true, clicks: 0, closest: () => el, click: () => el.clicks++ }
    return el
  }

  it('clicks a React-only button again once React has hydrated, and then stops watching', () => {
    const page = boot()
    const menu = button('button', null)
    page.tick() // the modules are added; React has not hydrated yet
    page.click({ closest: () => menu })
    page.tick()
    expect(menu.clicks).toBe(0)
    page.hydrate()
    page.tick()
    expect(menu.clicks).toBe(1)
    expect(page.listeners.size).toBe(0)
  })

  it('leaves form buttons alone (they submit without JavaScript) and keeps only the last click', () => {
    const page = boot()
    const submit = button('submit', {})
    const first = button('button', null)
    const last = button('submit', null) // no form: only React gives it a meaning
    page.click({ closest: () => first })
    page.click({ closest: () => submit })
    page.click({ closest: () => last })
    page.tick()
    page.hydrate()
    page.tick()
    expect([first.clicks, submit.clicks, last.clicks]).toEqual([0, 0, 1])
  })

  it('does not repeat a click React has already seen', () => {
    const page = boot()
    const menu = button('button', null)
    page.tick()
    page.hydrate()
    page.click({ closest: () => menu })
    page.tick()
    expect(menu.clicks).toBe(0)
    expect(page.listeners.size).toBe(0)
  })

  it('gives up after 20 s without hydration', () => {
    const page = boot()
    page.tick()
    for (let i = 0; i < 400; i++) page.tick()
    expect(page.listeners.size).toBe(0)
  })
})
