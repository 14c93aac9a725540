import { closeDb, getDb, initDb } from './db.server'
import { appUrlIsLocal, baseUrl, demoDataDecision, env } from './env.server'
import { startJobs, stopJobs, type JobDefinition } from './jobs.server'
import { seedDemoData } from '../../db/seed'
import { startMessageHub, stopMessageHub } from '~/modules/messaging/live.server'
import { MESSAGE_NOTICE_JOBS } from '~/modules/messaging/notice-jobs.server'
import { NOTIFICATION_JOBS } from '~/modules/notifications/jobs.server'
import { RFQ_JOBS } from '~/modules/rfqs/jobs.server'

/** Every background job of the app (ADR 010). */
export const APP_JOBS: JobDefinition[] = [...NOTIFICATION_JOBS, ...RFQ_JOBS, ...MESSAGE_NOTICE_JOBS]

/** Opens the database, applies migrations and, on a fresh database, loads the demo data. */
export async function bootstrap() {
  const e = env()
  const handle = await initDb({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR })
  console.log(
    handle.kind === 'postgres'
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

/** Stops the live messages' LISTEN and the job queue (waiting briefly for a job in progress), then closes the database (releasing the PGlite lock). */
export async function shutdown() {
  try {
    await stopMessageHub()
  } catch (err) {
    console.error(`[setu] live events did not stop cleanly: ${err instanceof Error ? err.message : err}`)
  }
  try {
    await stopJobs()
  } catch (err) {
    console.error(`[setu] job queue did not stop cleanly: ${err instanceof Error ? err.message : err}`)
  }
  await closeDb()
}
