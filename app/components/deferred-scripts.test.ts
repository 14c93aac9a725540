import { describe, expect, it } from 'vitest'
import { DEFERRED_MODULE_TYPE, startAfterFirstPaint } from './deferred-scripts'

describe('startAfterFirstPaint', () => {
  it('names the preloads as a JSON array and turns the inert script into a module', () => {
    const text = startAfterFirstPaint(['/assets/entry.client-a.js', '/assets/framework-b.js'])
    expect(text).toContain('["/assets/entry.client-a.js","/assets/framework-b.js"].forEach(')
    expect(text).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`)
    expect(text).toContain("l.rel='modulepreload'")
    expect(text).toContain("s.type='module'")
  })

  it('cannot be closed early by an href', () => {
    const text = startAfterFirstPaint(['/a.js</script><script>alert(1)</script>'])
    expect(text).not.toMatch(/<\/script/i)
    expect(text).toContain('\\u003c/script>')
  })

  it('runs as a script: the array is valid JavaScript', () => {
    const added: string[] = []
    const fakeDocument = {
      querySelector: () => ({ nonce: 'n', textContent: 'import "x"', parentNode: { insertBefore: (s: { type: string }) => added.push(`script:${s.type}`) } }),
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (l: { rel: string; href: string }) => added.push(`${l.rel}:${l.href}`) },
    }
    let frame: (() => void) | undefined
    new Function('document', 'requestAnimationFrame', 'setTimeout', startAfterFirstPaint(['/assets/a.js', '/assets/b.js']))(
      fakeDocument,
      (cb: () => void) => (frame = cb),
      (cb: () => void, ms: number) => ms === 0 && cb(),
    )
    frame!()
    frame!()
    expect(added).toEqual(['modulepreload:/assets/a.js', 'modulepreload:/assets/b.js', 'script:module'])
  })
})
