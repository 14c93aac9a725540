// The composition root (issue 27 item 4): the one file that puts the process together from the lib's
// start-up steps, the modules' background jobs and live hub, and the demo data. entry.server.tsx and
// root.tsx call it; app/lib never imports a module, so this lives above both.
import { seedDemoData } from '../db/seed'
import { closeDb } from '~/lib/db.server'
import { pauseJobs, startJobs, stopJobs, type JobDefinition } from '~/lib/jobs.server'
import { OUTGOING_EMAIL_JOBS } from '~/lib/outgoing-email.server'
import { bootstrap } from '~/lib/startup.server'
import { DOCUMENT_JOBS } from '~/modules/documents/index.server'
import { closeLiveStreams, MESSAGE_NOTICE_JOBS, startMessageHub, stopMessageHub } from '~/modules/messaging/index.server'
import { NOTIFICATION_JOBS } from '~/modules/notifications/index.server'
import { PAYMENT_JOBS } from '~/modules/payments/index.server'
import { RFQ_JOBS } from '~/modules/rfqs/index.server'

/** Every background job of the app (ADR 010). */
export const APP_JOBS: JobDefinition[] = [...OUTGOING_EMAIL_JOBS, ...NOTIFICATION_JOBS, ...RFQ_JOBS, ...MESSAGE_NOTICE_JOBS, ...DOCUMENT_JOBS, ...PAYMENT_JOBS]

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
  globalForStartup.__setuStartup ??= bootstrap(seedDemoData).then(() => (process.env.VITEST ? undefined : startBackgroundJobs()))
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
