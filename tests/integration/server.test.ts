// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Drives the built production server (npm test builds before running Vitest).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnServer, startServer, stopServers } from '../support/child-server'

afterAll(stopServers)

describe('production server', () => {
  it('serves on PGlite, refuses a second process on the same data, and stops on SIGTERM', async () => {
    const first = await startServer({ port: 3917, env: { SEED_DEMO_DATA: 'false' } })
    expect(first.output()).toContain('Setu marketplace is running at http://localhost:3917')
    const res = await fetch(`${first.base}/about`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<html lang="en"')

    const second = await spawnServer({ port: 3918, dataDir: first.dataDir, env: { SEED_DEMO_DATA: 'false' } })
    expect(await second.exited()).toBe(1)
    expect(second.output()).toMatch(/already open in another process \(pid \d+\)/)

    first.child.kill('SIGTERM')
    expect(await first.exited()).toBe(0)
    expect(first.output()).toContain('SIGTERM received, shutting down')
    expect(fs.existsSync(path.join(first.dataDir, 'pglite', 'setu.lock'))).toBe(false)
    // Two cold starts of the production server: on a busy two-core CI machine this takes a while.
  }, 180_000)
})
