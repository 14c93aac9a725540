// @no-database: this file runs without the per-file test database (vitest.config.ts)
// `npm run admin:create` as an operator runs it: tsx on db/cli/admin-create.ts, a process of its own on
// a fresh embedded database. It used to crash before doing anything, because its imports reached the
// translations Vite bundles (import.meta.glob in app/lib/i18next.server.ts), which tsx cannot run.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-admin-create-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Runs the command with these arguments and password; its exit code and what it printed. */
function adminCreate(args: string[], password: string): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password }
  delete env.DATABASE_URL
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'db/cli/admin-create.ts', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out }))
  })
}

describe('npm run admin:create', () => {
  it('creates the first super_admin, refuses a weak password and a taken email, each in one line', { timeout: 300_000 }, async () => {
    const args = ['--email', 'Ops@Example.com', '--name', 'Ops Person']
    const weak = await adminCreate(args, 'password')
    expect(weak.out).toContain('[setu] admin:create failed: the password is on the list of common or breached passwords')
    expect(weak.code).toBe(1)

    const made = await adminCreate(args, 'Sturdy-Pass-9182')
    expect(made.out).toContain('[setu] created super_admin ops@example.com; sign in at /admin/login.')
    expect(made.out).not.toMatch(/glob is not a function|TypeError/)
    expect(made.code).toBe(0)

    const again = await adminCreate(['--email', 'ops@example.com', '--name', 'Someone Else', '--role', 'moderator'], 'Another-Pass-7731')
    expect(again.out).toContain('[setu] admin:create failed: an admin with the email ops@example.com already exists')
    expect(again.code).toBe(1)
  })
})
