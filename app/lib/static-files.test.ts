// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { listStaticPaths, mayBeStatic } from './static-files.server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-static-'))
fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg/>')
fs.mkdirSync(path.join(root, 'locales/en'), { recursive: true })
fs.writeFileSync(path.join(root, 'locales/en/common.json'), '{}')
fs.mkdirSync(path.join(root, 'docs'))
fs.writeFileSync(path.join(root, 'docs/index.html'), '<p>')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('static files of the build', () => {
  const paths = listStaticPaths(root)

  it('lists every file and directory as a URL path', () => {
    expect([...paths].sort()).toEqual(['/docs', '/docs/index.html', '/favicon.svg', '/locales', '/locales/en', '/locales/en/common.json'])
  })

  it('hands express.static the paths it can serve, redirect or refuse', () => {
    for (const p of ['/favicon.svg', '//favicon.svg', '/locales/en/common.json', '/locales%2Fen%2Fcommon.json', '/locales', '/docs/']) {
      expect(mayBeStatic(paths, p), p).toBe(true)
    }
    // Climbing, malformed or NUL paths: send answers those itself (403/400), as before.
    for (const p of ['/../etc/passwd', '/%2e%2e/x', '/%E0%A4%A', '/a%00b', '/a\\b']) expect(mayBeStatic(paths, p), p).toBe(true)
  })

  it('passes on what express.static would look up and not find (pages, a directory without index.html)', () => {
    for (const p of ['/', '/marketplace', '/products/1b4e28ba-2fa1-11d2-883f-0016d3cca427', '/locales/', '/favicon.svg/', '/favicon.svgx', '/Favicon.svg']) {
      expect(mayBeStatic(paths, p), p).toBe(false)
    }
  })

  it('is empty for a missing directory', () => {
    expect(listStaticPaths(path.join(root, 'missing')).size).toBe(0)
  })
})
