// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// app/fonts.css and the committed currency subset (scripts/subset-fonts.mjs, issue #11).
const root = path.resolve(import.meta.dirname, '../..')
const css = fs.readFileSync(path.join(root, 'app/fonts.css'), 'utf8')

/** The code points an @font-face's unicode-range covers, tested one at a time. */
function covers(range: string, codePoint: number): boolean {
  return range.split(',').some((part) => {
    const [lo, hi = lo] = part.trim().replace(/^U\+/i, '').split('-')
    return codePoint >= parseInt(lo!, 16) && codePoint <= parseInt(hi!, 16)
  })
}

const interFaces = [...css.matchAll(/@font-face \{[^}]*font-family: 'Inter';[^}]*src: url\('([^']+)'\)[^}]*unicode-range: ([^;]+);/g)].map((m) => ({ src: m[1]!, range: m[2]! }))

describe('Inter faces', () => {
  it('serve ₹ and ₽ from the small currency file and nothing else', () => {
    for (const sign of ['₹', '₽']) {
      const faces = interFaces.filter((f) => covers(f.range, sign.codePointAt(0)!)).map((f) => path.basename(f.src))
      expect(faces, sign).toEqual(['inter-currency-wght-normal.woff2'])
    }
  })

  it('still cover the rest of Latin Extended, Latin and Cyrillic', () => {
    for (const ch of ['é', 'Ł', '€', 'Ж', 'A', '₴']) {
      expect(interFaces.filter((f) => covers(f.range, ch.codePointAt(0)!)).length, ch).toBe(1)
    }
  })

  it('each name a variable font for every weight the UI uses', () => {
    for (const m of css.matchAll(/@font-face \{([^}]*)\}/g)) expect(m[1]).toContain('font-weight: 100 900;')
  })
})

describe('the committed currency subset', () => {
  it('is a woff2 file', () => {
    const bytes = fs.readFileSync(path.join(root, 'app/fonts/inter-currency-wght-normal.woff2'))
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2')
    expect(bytes.length).toBeLessThan(4096)
  })

  it('is what scripts/subset-fonts.mjs builds from the installed Inter', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/subset-fonts.mjs'), '--check'], { cwd: root, encoding: 'utf8' })
    expect(out).toContain('is up to date')
  })
})
