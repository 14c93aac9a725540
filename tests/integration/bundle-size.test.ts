// @no-database: this file runs without the per-file test database (vitest.config.ts)
// scripts/bundle-size.mjs reads the production build (npm test builds before running Vitest) and
// reports the JavaScript each public page loads: issue #11 allows at most 150 kB gzipped per public
// page, and `npm test` fails its bundle-size phase when one is over. These tests check the budget on
// the current build and what the script tells its caller.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')
const built = fs.existsSync(path.join(root, 'build/client/assets'))

function bundleSize(budgetKb: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs', ...args], { cwd: root, env: { ...process.env, BUNDLE_BUDGET_KB: budgetKb }, encoding: 'utf8' })
  return { code: run.status, out: run.stdout, err: run.stderr }
}

/** The table's rows: page path → kB. */
function rows(out: string) {
  return new Map([...out.matchAll(/^ {2}(\/\S*)\s+([\d.]+)\s+\d+/gm)].map((m) => [m[1], Number(m[2])]))
}

describe('bundle-size script', () => {
  it('lists every public page with the gzipped JavaScript it loads, and passes under a generous budget', () => {
    if (!built) throw new Error('run `npm run build` first')
    const { code, out } = bundleSize('1000')
    expect(code).toBe(0)
    const pages = rows(out)
    for (const page of ['/', '/marketplace', '/categories/:id', '/products/:id', '/sellers/:id', '/about', '/faq', '/login', '/register']) {
      expect(pages.get(page), page).toBeGreaterThan(0)
    }
    // A page without JavaScript of its own is not counted: logout only redirects.
    expect(pages.has('/logout')).toBe(false)
    // Every page loads at least React and React Router.
    for (const kb of pages.values()) expect(kb).toBeGreaterThan(50)
    expect(out).toMatch(/all \d+ public pages are within 1000 kB/)
  })

  it('every public page loads at most 150 kB of JavaScript, gzipped (the default budget)', () => {
    if (!built) throw new Error('run `npm run build` first')
    const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs'], { cwd: root, env: { ...process.env, BUNDLE_BUDGET_KB: undefined }, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const pages = rows(run.stdout)
    expect(pages.size).toBeGreaterThanOrEqual(9)
    for (const [page, kb] of pages) expect(kb, page).toBeLessThanOrEqual(150)
    expect(run.stdout).toMatch(/all \d+ public pages are within 150 kB/)
  })

  it('fails and names the pages over the budget', () => {
    const { code, out, err } = bundleSize('50')
    expect(code).toBe(1)
    expect(out).toMatch(/^ {2}\/products\/:id\s+[\d.]+\s+\d+ {2}OVER BUDGET$/m)
    expect(err).toMatch(/\d+ of \d+ public pages load more than 50 kB of JavaScript: .*\/products\/:id/)
  })

  it('refuses a budget that is not a number', () => {
    const { code, err } = bundleSize('lots')
    expect(code).toBe(2)
    expect(err).toContain('BUNDLE_BUDGET_KB must be a positive number, not lots')
  })
})
