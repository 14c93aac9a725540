// The Overview's System Status (issue 10 item 3): real checks of what the marketplace depends on, each
// with its measured state and latency, never a fixed 'Online'. Every check runs in parallel and is
// bounded by a timeout so the page never hangs; a failure is logged here and shown only as a
// translated state (no error text, host or secret reaches the browser).
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { getDb } from '~/lib/db.server'
import { devOutboxEnabled, env } from '~/lib/env.server'
import { runningJobs } from '~/lib/jobs.server'
import { getStorage } from '~/lib/storage.server'

export const SYSTEM_CHECKS = ['database', 'storage', 'mail', 'jobs'] as const
export type SystemCheckId = (typeof SYSTEM_CHECKS)[number]

/** ok: working; warn: working but slow or backed up; down: not working (or no answer in time). */
export type SystemCheckStatus = 'ok' | 'warn' | 'down'

/**
 * One check's outcome. `state` is an i18n key under admin:systemStatus.states; `params` fills it.
 * `latencyMs` is how long the check took (up to the timeout).
 */
export type SystemCheckDto = {
  id: SystemCheckId
  status: SystemCheckStatus
  state: string
  latencyMs: number
  params?: Record<string, number>
}

export type SystemStatusDto = { checks: SystemCheckDto[]; checkedAt: string }

/** Each check gets this long before it counts as down. */
export const SYSTEM_CHECK_TIMEOUT_MS = 2_000
/** A database round trip slower than this is shown as slow. */
export const DATABASE_SLOW_MS = 500
/** A job waiting longer than this (or any failed in the last day) puts the queue in warn. */
export const JOB_QUEUE_OLDEST_WARN_SECONDS = 5 * 60
/** Storage keys under this prefix are the probe's own; no upload can make one (uploads use user ids). */
export const STORAGE_PROBE_PREFIX = 'system-status'

class CheckTimeout extends Error {}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms)
  })
  // A late failure of the abandoned work must not become an unhandled rejection.
  work.catch(() => {})
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

type Outcome = Omit<SystemCheckDto, 'id' | 'latencyMs'>

/** Runs one check with the timeout and the clock; an error or a timeout is 'down' and is logged. */
async function run(id: SystemCheckId, check: () => Promise<Outcome>, timeoutMs: number): Promise<SystemCheckDto> {
  const started = performance.now()
  const elapsed = () => Math.max(0, Math.round(performance.now() - started))
  try {
    const outcome = await bounded(check(), timeoutMs)
    return { id, ...outcome, latencyMs: elapsed() }
  } catch (err) {
    const timedOut = err instanceof CheckTimeout
    console.error(`[setu] system status: ${id} check failed: ${err instanceof Error ? err.message : String(err)}`)
    return { id, status: 'down', state: timedOut ? 'timeout' : 'error', latencyMs: elapsed() }
  }
}

/** Database: a timed `select 1` through the app's own connection. */
async function checkDatabase(slowMs = DATABASE_SLOW_MS): Promise<Outcome> {
  const started = performance.now()
  await getDb().execute(sql`select 1`)
  return performance.now() - started > slowMs ? { status: 'warn', state: 'slow' } : { status: 'ok', state: 'ok' }
}

/** Storage: writes a small probe object, reads it back byte for byte, and deletes it. */
async function checkStorage(): Promise<Outcome> {
  const storage = getStorage()
  const key = `${STORAGE_PROBE_PREFIX}/probe-${randomUUID()}.bin`
  const bytes = new Uint8Array(randomBytes(32))
  try {
    await storage.put(key, bytes, { contentType: 'application/octet-stream' })
    const back = await storage.get(key)
    if (!back || back.bytes.byteLength !== bytes.byteLength || !back.bytes.every((b, i) => b === bytes[i])) {
      throw new Error('the probe read back differs from what was written')
    }
  } finally {
    await storage.delete(key).catch(() => {})
  }
  return { status: 'ok', state: 'ok' }
}

/** Mail: with SMTP_URL, the SMTP server answers a connection and login (transporter.verify()); otherwise the dev outbox. */
async function checkMail(timeoutMs: number): Promise<Outcome> {
  const { SMTP_URL } = env()
  if (!SMTP_URL) return devOutboxEnabled() ? { status: 'ok', state: 'devOutbox' } : { status: 'down', state: 'notConfigured' }
  const transporter = nodemailer.createTransport({
    url: SMTP_URL,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  try {
    await transporter.verify()
  } finally {
    transporter.close()
  }
  return { status: 'ok', state: 'ok' }
}

type QueueRow = { queued: number; retry: number; active: number; failed: number; oldest_seconds: number | null }

/**
 * Job queue: pg-boss's backlog, read from its own tables in the app database: jobs due and waiting,
 * jobs waiting for a retry, the oldest due job's age, and jobs failed in the last 24 hours.
 */
async function checkJobs(): Promise<Outcome> {
  if (!runningJobs()) return { status: 'down', state: 'notRunning' }
  const { rows } = await getDb().execute<QueueRow>(sql`
    select
      count(*) filter (where state = 'created' and start_after <= now())::int as queued,
      count(*) filter (where state = 'retry')::int as retry,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'failed' and completed_on > now() - interval '24 hours')::int as failed,
      floor(extract(epoch from now() - min(created_on) filter (where state = 'created' and start_after <= now())))::int as oldest_seconds
    from pgboss.job`)
  const row = rows[0]
  const params = {
    queued: Number(row?.queued ?? 0),
    retry: Number(row?.retry ?? 0),
    active: Number(row?.active ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestMinutes: Math.floor(Number(row?.oldest_seconds ?? 0) / 60),
  }
  const backedUp = Number(row?.oldest_seconds ?? 0) > JOB_QUEUE_OLDEST_WARN_SECONDS
  if (backedUp) return { status: 'warn', state: 'backlog', params }
  if (params.failed > 0) return { status: 'warn', state: 'failures', params }
  return { status: 'ok', state: 'queue', params }
}

export type SystemStatusOptions = { timeoutMs?: number; databaseSlowMs?: number }

/** Runs every check in parallel; resolves within about `timeoutMs` whatever the dependencies do. */
export async function getSystemStatus(opts: SystemStatusOptions = {}): Promise<SystemStatusDto> {
  const timeoutMs = opts.timeoutMs ?? SYSTEM_CHECK_TIMEOUT_MS
  const checks = await Promise.all([
    run('database', () => checkDatabase(opts.databaseSlowMs), timeoutMs),
    run('storage', checkStorage, timeoutMs),
    run('mail', () => checkMail(timeoutMs), timeoutMs),
    run('jobs', checkJobs, timeoutMs),
  ])
  return { checks, checkedAt: new Date().toISOString() }
}
