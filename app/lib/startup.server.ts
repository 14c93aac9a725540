import pg from 'pg'
import { closeDb, getDb, initDb } from './db.server'
import { appUrlIsLocal, baseUrl, demoDataDecision, env } from './env.server'
import { pauseJobs, startJobs, stopJobs, type JobDefinition } from './jobs.server'
import { OUTGOING_EMAIL_JOBS } from './outgoing-email.server'
import { actionLimitScale } from './rate-limit.server'
import { appSecret } from './secret.server'
import { seedDemoData } from '../../db/seed'
import { closeLiveStreams } from '~/modules/messaging/live-stream.server'
import { startMessageHub, stopMessageHub } from '~/modules/messaging/live.server'
import { MESSAGE_NOTICE_JOBS } from '~/modules/messaging/notice-jobs.server'
import { NOTIFICATION_JOBS } from '~/modules/notifications/jobs.server'
import { RFQ_JOBS } from '~/modules/rfqs/jobs.server'

/** Every background job of the app (ADR 010). */
export const APP_JOBS: JobDefinition[] = [...OUTGOING_EMAIL_JOBS, ...NOTIFICATION_JOBS, ...RFQ_JOBS, ...MESSAGE_NOTICE_JOBS]

/** Key of the session-level advisory lock that lets one process at a time run the start-up work below. */
const STARTUP_LOCK_KEY = 7_461_838_202

/**
 * Runs `work` while holding an advisory lock on the PostgreSQL database, so that processes starting
 * together (WEB_CONCURRENCY workers, several instances, ADR 018) migrate and seed one after another:
 * drizzle's migrator is not safe to run twice at once. PGlite has one process, so no lock.
 */
async function withStartupLock<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) return work()
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY])
    return await work()
  } finally {
    // Ending the session releases the lock, also when work() threw.
    await client.end().catch(() => {})
  }
}

/** Opens the database, applies migrations and, on a fresh database, loads the demo data. */
export async function bootstrap() {
  const e = env()
  await withStartupLock(e.DATABASE_URL, async () => {
    const opened = await initDb({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR })
    console.log(
      opened.kind === 'postgres'
        ? '[setu] database: PostgreSQL (DATABASE_URL), migrations applied'
        : `[setu] database: embedded PGlite in ${e.DATA_DIR}/pglite, migrations applied`,
    )
    const demo = demoDataDecision()
    if (demo.load) {
      const result = await seedDemoData(getDb())
      console.log(`[setu] demo data: ${result.created ? 'loaded' : 'already present'} (${demo.reason})`)
    } else {
      console.log(`[setu] demo data: not loaded (${demo.reason})`)
    }
    // Without BETTER_AUTH_SECRET the first process writes a random one to DATA_DIR/secret; under the
    // lock, so processes starting together read that one instead of each writing its own.
    appSecret()
  })
  // The limits cannot be switched off, only raised (the browser tests); a raised limit is said at start.
  if (actionLimitScale() > 1) {
    console.warn(`[setu] ACTION_RATE_LIMIT_SCALE=${actionLimitScale()}: every per-account action limit is ${actionLimitScale()} times the documented one. Leave it unset in production.`)
  }
  if (!e.APP_URL && e.NODE_ENV === 'production') {
    console.warn(
      `[setu] APP_URL is not set: links point to ${baseUrl()} and only requests for localhost${e.ALLOWED_HOSTS ? ` and ${e.ALLOWED_HOSTS}` : ''} are answered. ` +
        'Set APP_URL=https://your.domain to serve the public.',
    )
  } else if (e.APP_URL && !appUrlIsLocal()) {
    console.log(`[setu] public address: ${baseUrl()}`)
  }
}

/** Starts the job queue with the app's jobs and the live messages' LISTEN, after the database is open; logs where they run. */
export async function startBackgroundJobs() {
  await startJobs(APP_JOBS)
  console.log(`[setu] job queue: pg-boss started (${APP_JOBS.map((j) => j.name).join(', ')})`)
  // One LISTEN per process (ADR 011); on PostgreSQL a lost connection is retried in the background.
  await startMessageHub()
}

const globalForStartup = globalThis as unknown as { __setuStartup?: Promise<void> }

/**
 * Runs bootstrap once per process and then starts the job queue; `react-router dev` has no start
 * script, so the root middleware calls this. Under Vitest the queue stays off (the access matrix and
 * the fuzz tests go through here): a test that needs it starts it itself.
 */
export function ensureBootstrapped(): Promise<void> {
  globalForStartup.__setuStartup ??= bootstrap().then(() => (process.env.VITEST ? undefined : startBackgroundJobs()))
  return globalForStartup.__setuStartup
}

/**
 * The first step of a shutdown (server/start.mjs, on SIGTERM), while requests in flight finish: ends
 * the live message streams with a retry hint (and every one opened from now on), and lets the job
 * workers take no new job. Returns how many streams were ended.
 */
export async function beginShutdown(): Promise<number> {
  const streams = closeLiveStreams()
  try {
    await pauseJobs()
  } catch (err) {
    console.error(`[setu] job queue did not pause cleanly: ${err instanceof Error ? err.message : err}`)
  }
  return streams
}

/**
 * Stops the live messages' LISTEN and the job queue (waiting up to `jobsTimeoutMs` for the jobs in
 * progress to finish), then closes the database (releasing the PGlite lock).
 */
export async function shutdown({ jobsTimeoutMs }: { jobsTimeoutMs?: number } = {}) {
  try {
    await stopMessageHub()
  } catch (err) {
    console.error(`[setu] live events did not stop cleanly: ${err instanceof Error ? err.message : err}`)
  }
  try {
    await stopJobs(jobsTimeoutMs)
  } catch (err) {
    console.error(`[setu] job queue did not stop cleanly: ${err instanceof Error ? err.message : err}`)
  }
  await closeDb()
}
