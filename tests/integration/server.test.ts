// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Drives the built production server (npm test builds before running Vitest).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')
const built = fs.existsSync(path.join(root, 'build/server/index.js'))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-server-'))
const children: ChildProcess[] = []

function start(port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', NODE_ENV: 'production' }
  delete env.DATABASE_URL
  delete env.APP_URL
  const child = spawn(process.execPath, ['server/start.mjs'], { cwd: root, env })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // Two minutes: a cold start (migrations, pg-boss) once took over a minute on a two-core machine under a load average of 12.
  const waitFor = async (text: string, ms = 120_000) => {
    const until = Date.now() + ms
    while (!output.includes(text)) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`did not see "${text}" in:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { child, exited, waitFor, output: () => output }
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('production server', () => {
  it('serves on PGlite, refuses a second process on the same data, and stops on SIGTERM', async () => {
    if (!built) throw new Error('run `npm run build` first')
    const first = start(3917)
    await first.waitFor('Setu marketplace is running at http://localhost:3917')
    const res = await fetch('http://localhost:3917/about')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<html lang="en"')

    const second = start(3918)
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/already open in another process \(pid \d+\)/)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('SIGTERM received, shutting down')
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'setu.lock'))).toBe(false)
    // Two cold starts of the production server: on a busy two-core CI machine this takes a while.
  }, 180_000)
})
