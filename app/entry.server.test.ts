// @no-database: this file runs without the per-file test database (vitest.config.ts)
import type { Writable } from 'node:stream'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FlushCoalescingStream } from './entry.server'
import { escapeStyleText } from '~/lib/inline-stylesheet.server'

function collect(stream: FlushCoalescingStream) {
  const chunks: string[] = []
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')))
  return chunks
}

describe('the HTML stream between React and the response', () => {
  it('passes on what React wrote, as one chunk per flush, and the rest at the end', async () => {
    const stream = new FlushCoalescingStream()
    const chunks = collect(stream)
    stream.write(Buffer.from('<!DOCTYPE html><html>'))
    stream.write(new Uint8Array(Buffer.from('<body>shell')))
    stream.flush()
    await new Promise((r) => setImmediate(r))
    expect(chunks).toEqual(['<!DOCTYPE html><html><body>shell'])
    stream.flush()
    stream.write(Buffer.from('<template>late</template>'))
    stream.end(Buffer.from('</body></html>'))
    await new Promise((r) => stream.on('end', r))
    expect(chunks).toEqual(['<!DOCTYPE html><html><body>shell', '<template>late</template></body></html>'])
  })
})

describe('the inline stylesheet written by the HTML stream', () => {
  const marker = '/*setu-inline-stylesheet-0123456789abcdef01234567*/'
  const splice = { marker: Buffer.from(marker), bytes: Buffer.from('body{color:red}/* ₹ */') }

  it('takes the place of the first marker, in whichever pass React wrote it', async () => {
    const stream = new FlushCoalescingStream(splice)
    const chunks = collect(stream)
    stream.write(Buffer.from('<head><meta charSet="utf-8"/>'))
    stream.flush()
    stream.write(Buffer.from(`<style>${marker.slice(0, 10)}`))
    stream.write(Buffer.from(`${marker.slice(10)}</style><title>${marker}</title>`))
    stream.flush()
    stream.end(Buffer.from(`<p>${marker}</p>`))
    await new Promise((r) => stream.on('end', r))
    expect(chunks).toEqual([
      '<head><meta charSet="utf-8"/>',
      `<style>body{color:red}/* ₹ */</style><title>${marker}</title>`,
      `<p>${marker}</p>`,
    ])
  })

  it('gives the same page as React writing the stylesheet itself', async () => {
    const css = 'a::after{content:"</style>"}body{font-family:Inter}/* ₹ */'.repeat(200)
    const page = (text: string) => {
      const h = createElement
      return h(
        'html',
        { lang: 'en' },
        h('head', null, h('meta', { charSet: 'utf-8' }), h('style', { href: '/assets/app.css', precedence: 'default', nonce: 'n0' }, text), h('title', null, 'Setu')),
        h('body', null, h('main', null, ...Array.from({ length: 400 }, (_, i) => h('p', { key: i }, `item ${i}`)))),
      )
    }
    const render = (text: string, stream: Writable) =>
      new Promise<string>((resolve, reject) => {
        const parts: Buffer[] = []
        stream.on('data', (c: Buffer) => parts.push(c))
        stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
        const { pipe } = renderToPipeableStream(page(text), { nonce: { script: 'n0', style: 'n0' }, onAllReady: () => pipe(stream), onShellError: reject })
      })
    const direct = await render(css, new FlushCoalescingStream())
    const spliced = await render(marker, new FlushCoalescingStream({ marker: Buffer.from(marker), bytes: Buffer.from(escapeStyleText(css)) }))
    expect(direct).toContain('</\\73 tyle>')
    expect(direct.length).toBeGreaterThan(css.length)
    expect(spliced).toBe(direct)
  })
})
