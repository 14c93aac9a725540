// The built production server (server/start.mjs) as a child process, for the tests that drive it over
// real sockets: starting it on a data directory of its own, waiting for its lines, raw HTTP requests
// that browsers and proxies send but fetch cannot, and stopping it. Needs `npm run build`.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const root = path.resolve(__dirname, '../..')
const built = fs.existsSync(path.join(root, 'build/server/index.js'))

/** Fails the calling test when there is no build to start. */
export function requireBuild() {
  if (!built) throw new Error('run `npm run build` first')
}

/** Whether `npm run build` has been run (for code that runs while the tests are collected). */
export const isBuilt = built

// The test run's settings that would change what the started server does; an option's `env` may set them.
const CLEARED = ['DATABASE_URL', 'APP_URL', 'AUTH_RATE_LIMIT_SCALE', 'BODY_LIMIT_KB', 'WEB_CONCURRENCY'] as const
// Vitest's variables turn the background jobs off (lib/startup.server.ts).
const VITEST_VARIABLES = ['VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID'] as const

const children: ChildProcess[] = []
const tempDirs: string[] = []

export type ServerOptions = {
  /** Default: a free port on 127.0.0.1. */
  port?: number
  /** Set on top of this process's environment (HOST 127.0.0.1, NODE_ENV production). */
  env?: NodeJS.ProcessEnv
  /** Default: a new temporary directory, removed by `stopServers()`. */
  dataDir?: string
  /** Run the background jobs as production does (Vitest's variables turn them off). */
  jobs?: boolean
}

export type ChildServer = Awaited<ReturnType<typeof spawnServer>>

/** Starts the built server without waiting for it (for a start that must fail). */
export async function spawnServer(options: ServerOptions = {}) {
  requireBuild()
  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'setu-server-'))
  if (!options.dataDir) tempDirs.push(dataDir)
  const extra = options.env ?? {}
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...extra }
  for (const key of [...CLEARED, ...(options.jobs ? VITEST_VARIABLES : [])]) if (!(key in extra)) delete env[key]
  const child = spawn(process.execPath, ['server/start.mjs'], { cwd: root, env })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const count = (text: string) => output.split(text).length - 1
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    count,
    /** Waits until `text` has been written `times` times; fails if the process ends first. */
    async waitFor(text: string, { times = 1, ms = 120_000 } = {}) {
      const until = Date.now() + ms
      while (count(text) < times) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`did not see "${text}" ${times}× in:\n${output}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    /** The exit code, once the process has ended; fails if it still runs after `ms`. */
    exited: (ms = 60_000) =>
      Promise.race([exit, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${output}`)), ms).unref())]),
  }
}

/**
 * Starts the built server and waits for its "is running at" line. Two minutes by default: a cold start
 * (migrations, the demo data) once took over a minute on a two-core machine under a load average of 12.
 */
export async function startServer(options: ServerOptions & { ms?: number } = {}) {
  const server = await spawnServer(options)
  await server.waitFor('Setu marketplace is running at', { ms: options.ms })
  return server
}

/** Kills every server the file started and removes their temporary data (for `afterAll`). */
export function stopServers() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true })
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** Posts the sign-in form as a browser does (no redirect followed). */
export function postLogin(base: string, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, ...headers },
    body: new URLSearchParams({ email, password }).toString(),
  })
}

/** The cookies a response sets, as a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** A GET on a new connection, with the Host header of our choosing and the body kept as the bytes sent. */
export function httpGet(port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers, agent: false, timeout: 15_000 }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`GET ${pathname}: no answer within 15 s`))
      })
      .on('error', reject)
  })
}

/** Resolves with the error code of a new connection (null if one was accepted). */
export function connectError(port: number) {
  return new Promise<string | null>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(null)
    })
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message))
  })
}

export type RawAnswer = { status: number; head: string; body: string }

/** The answer in `received` once it is complete (its body by Content-Length or chunked), else null. */
function completeAnswer(received: Buffer): RawAnswer | null {
  const end = received.indexOf('\r\n\r\n')
  if (end < 0) return null
  const head = received.subarray(0, end).toString()
  const raw = received.subarray(end + 4)
  const done = (body: string) => ({ status: Number(head.split(' ')[1]), head, body })
  const length = /content-length: (\d+)/i.exec(head)?.[1]
  if (length !== undefined) return raw.length >= Number(length) ? done(raw.subarray(0, Number(length)).toString()) : null
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = raw.indexOf('\r\n', at)
    if (eol < 0) return null
    const size = parseInt(raw.subarray(at, eol).toString(), 16)
    if (size === 0) return done(Buffer.concat(parts).toString())
    if (raw.length < eol + 2 + size + 2) return null
    parts.push(raw.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
}

/** A POST's request line and headers, as written on the socket. */
function postHead(port: number, pathname: string, length: number, headers: Record<string, string>) {
  const lines = [`POST ${pathname} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${length}`]
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`)
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** A raw socket's received bytes, and a wait for a condition on them that fails once the connection ends. */
function rawSocket(port: number, pathname: string) {
  const socket = net.connect(port, '127.0.0.1')
  let received: Buffer = Buffer.alloc(0)
  let check: () => void = () => {}
  let failed: Error | null = null
  const state = {
    socket,
    get received() {
      return received
    },
    set received(value: Buffer) {
      received = value
    },
    /** Resolves when the server has closed its side. */
    closedByServer: new Promise<void>((resolve) => socket.once('end', () => resolve())),
    onFirstByte: () => {},
    /** Tests the awaited condition again (after something other than the socket changed). */
    recheck: () => check(),
    until: (test: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        check = () => {
          if (test()) resolve()
          else if (failed || socket.destroyed) reject(new Error(`POST ${pathname}: connection ended (${failed?.message ?? 'closed'}) after ${JSON.stringify(received.toString().slice(0, 300))}`))
        }
        check()
      }),
  }
  socket.on('data', (d: Buffer) => {
    if (received.length === 0) state.onFirstByte()
    received = Buffer.concat([received, d])
    check()
  })
  socket.on('error', (err) => {
    failed = err
    check()
  })
  socket.on('close', () => check())
  return state
}

/**
 * POSTs `bytes` over a raw socket as a browser uploading a form does: the whole body first, then the
 * answer. Fails (as the browser would show an error page) if the connection ends before the body is
 * sent and the answer is complete. `answeredAfterBody` says the server's first byte came after the body.
 */
export async function rawPost(port: number, pathname: string, headers: Record<string, string>, bytes: number) {
  const raw = rawSocket(port, pathname)
  let bodySent = false
  let answeredAfterBody = false
  raw.onFirstByte = () => (answeredAfterBody = bodySent)
  raw.socket.write(postHead(port, pathname, bytes, headers))
  const chunk = Buffer.alloc(256 * 1024, 'a')
  let sent = 0
  const pump = () => {
    while (sent < bytes) {
      const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
      sent += piece.length
      const last = sent === bytes
      const more = raw.socket.write(piece, (err) => {
        if (last && !err) {
          bodySent = true
          raw.recheck()
        }
      })
      if (!more) return void raw.socket.once('drain', pump)
    }
  }
  pump()
  let answer: RawAnswer | null = null
  await raw.until(() => bodySent && (answer = completeAnswer(raw.received)) !== null)
  const closedByServer = raw.closedByServer
  if (!/\r\nconnection: close\r\n/i.test(answer!.head)) raw.socket.destroy()
  return { ...answer!, answeredAfterBody, closedByServer }
}

/**
 * A POST whose body is sent in two parts, a request held in flight by its client: `begin()` sends the
 * headers (with `Expect: 100-continue`, so the server's "100 Continue" proves it holds the request) and
 * the first half of the body; `finish()` sends the rest and resolves with the complete answer.
 */
export function slowPost(port: number, pathname: string, headers: Record<string, string>, body: string) {
  const raw = rawSocket(port, pathname)
  const half = Math.floor(body.length / 2)
  return {
    async begin() {
      raw.socket.write(postHead(port, pathname, Buffer.byteLength(body), { ...headers, Expect: '100-continue' }))
      await raw.until(() => raw.received.includes('HTTP/1.1 100 Continue\r\n\r\n'))
      raw.received = raw.received.subarray(raw.received.indexOf('\r\n\r\n') + 4)
      raw.socket.write(body.slice(0, half))
    },
    async finish() {
      raw.socket.write(body.slice(half))
      let answer: RawAnswer | null = null
      await raw.until(() => (answer = completeAnswer(raw.received)) !== null)
      return { ...answer!, closedByServer: raw.closedByServer }
    },
  }
}
