// @no-database: this file runs without the per-file test database (vitest.config.ts)
// ADR 011 on the built production server (server/start.mjs): the event stream leaves at once, not held
// in the compression middleware's buffer, and an open stream does not keep SIGTERM from exiting promptly.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')
const built = fs.existsSync(path.join(root, 'build/server/index.js'))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-live-'))
let child: ChildProcess | undefined

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the live stream on the production server', () => {
  it('is sent uncompressed as it is written, and SIGTERM still exits promptly with a stream open', async () => {
    if (!built) throw new Error('run `npm run build` first')
    const port = await freePort()
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', NODE_ENV: 'production' }
    delete env.DATABASE_URL
    delete env.APP_URL
    delete env.VITEST
    child = spawn(process.execPath, ['server/start.mjs'], { cwd: root, env })
    let output = ''
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)))
    // Two minutes: a cold start with the demo data took over a minute on a busy two-core machine.
    const until = Date.now() + 120_000
    while (!output.includes('is running at')) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`server did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const base = `http://127.0.0.1:${port}`

    const login = await fetch(`${base}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
      body: new URLSearchParams({ email: 'buyer@setu.example', password: 'SetuDemo2026!' }),
    })
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    expect(cookie).toContain('setu.session_token=')

    const visitor = await fetch(`${base}/messages/events`, { headers: { Accept: 'text/event-stream' } })
    expect(visitor.status).toBe(401)

    const controller = new AbortController()
    const started = Date.now()
    const stream = await fetch(`${base}/messages/events`, { headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br', Cookie: cookie }, signal: controller.signal })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.headers.get('content-encoding')).toBeNull()
    expect(stream.headers.get('cache-control')).toBe('no-store')
    expect(stream.headers.get('x-accel-buffering')).toBe('no')
    const reader = stream.body!.getReader()
    let text = ''
    while (!text.includes('event: unread')) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    // Both the opening bytes and the first event arrive at once, not when a buffer fills.
    expect(text).toContain('retry: 3000')
    expect(text).toContain('event: unread\ndata: {"count":')
    expect(Date.now() - started).toBeLessThan(5_000)

    const stopAt = Date.now()
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(Date.now() - stopAt).toBeLessThan(5_000)
    expect(output).toContain('SIGTERM received, shutting down')
    expect(output).not.toContain('live events did not stop cleanly')
    controller.abort()
  }, 180_000)
})
