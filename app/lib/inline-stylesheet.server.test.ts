// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { escapeStyleText, inlineStylesheet, readClientStylesheet } from './inline-stylesheet.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-inline-css-'))
const client = path.join(dir, 'client')
fs.mkdirSync(path.join(client, 'assets'), { recursive: true })
fs.writeFileSync(path.join(client, 'assets/app-abc.css'), 'body{color:red}')
fs.writeFileSync(path.join(client, 'assets/app-abc.js'), 'alert(1)')
fs.writeFileSync(path.join(dir, 'secret.css'), 'secret{}')

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('readClientStylesheet', () => {
  it('reads a built stylesheet by its URL path', () => {
    expect(readClientStylesheet('/assets/app-abc.css', client)).toBe('body{color:red}')
  })

  it('keeps what it read: a later change to the file is not seen (the build is fixed)', () => {
    fs.writeFileSync(path.join(client, 'assets/app-abc.css'), 'body{color:blue}')
    expect(readClientStylesheet('/assets/app-abc.css', client)).toBe('body{color:red}')
  })

  it('gives null, so the page links the file, for anything but a stylesheet inside the build', () => {
    expect(readClientStylesheet('/assets/missing.css', client)).toBeNull()
    expect(readClientStylesheet('/assets/app-abc.js', client)).toBeNull()
    expect(readClientStylesheet('/../secret.css', client)).toBeNull()
    expect(readClientStylesheet('/assets/../../secret.css', client)).toBeNull()
    expect(readClientStylesheet('assets/app-abc.css', client)).toBeNull()
  })
})

describe('inlineStylesheet', () => {
  it('gives the stylesheet as React would write it, once per process, and a marker to render instead', () => {
    fs.writeFileSync(path.join(client, 'assets/app-tricky.css'), 'a::after{content:"</style><STYLE>"}/* ₹ */')
    const sheet = inlineStylesheet('/assets/app-tricky.css', client)!
    expect(sheet.bytes.toString('utf8')).toBe('a::after{content:"</\\73 tyle><\\53 TYLE>"}/* ₹ */')
    expect(sheet.markerBytes.toString('utf8')).toBe(sheet.marker)
    expect(sheet.marker).toMatch(/^\/\*setu-inline-stylesheet-[0-9a-f]{24}\*\/$/)
    expect(inlineStylesheet('/assets/app-tricky.css', client)).toBe(sheet)
  })

  it('gives null, so the page links the file, when the stylesheet cannot be read', () => {
    expect(inlineStylesheet('/assets/missing.css', client)).toBeNull()
    expect(inlineStylesheet('/assets/app-abc.js', client)).toBeNull()
  })
})

describe('escapeStyleText', () => {
  it('writes what react-dom/server writes inside a <style> resource', async () => {
    const css = 'a::after{content:"</style>"}b{x:"<style"}c{x:"</STYLE"}d{x:"<Style>"}e{x:"&<>\'"}f{}'
    const h = createElement
    const html = renderToString(h('html', null, h('head', null, h('style', { href: '/a.css', precedence: 'default' }, css)), h('body')))
    const text = /<style data-precedence="default" data-href="\/a.css">([\s\S]*?)<\/style>/.exec(html)?.[1]
    expect(text).toBe(escapeStyleText(css))
    expect(text).not.toMatch(/<\/?style/i)
  })
})
