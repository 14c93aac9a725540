// The background job queue (pg-boss, ADR 010). It keeps its tables in the app database, schema
// `pgboss`: on PostgreSQL through its own small pool (DATABASE_URL), on PGlite through the app's one
// in-process connection, so a job and the rows it reads live in the same database either way.
// Started after the database opens (app/startup.server.ts) and stopped before it closes.
import { fromPglite, PgBoss, type JobWithMetadata, type Queue, type SendOptions } from 'pg-boss'
import { getJobsConnection } from './db.server'

/** One kind of background work: its queue, its worker and, optionally, a schedule. */
export type JobDefinition<T extends object = object> = {
  /** Queue name: letters, digits, '-', '_', '.', '/'. */
  name: string
  /** Queue options (retries, backoff, expiry, policy); applied on every start. */
  queue?: Omit<Queue, 'name'>
  /** Cron expression (UTC) to send one job on; pg-boss makes one send per tick across all processes. */
  cron?: string
  /** Also send one job as soon as the queue starts (catch up on what happened while the server was down). */
  runAtStart?: boolean
  /** Jobs handed to one handler call. */
  batchSize?: number
  /** Seconds between polls when idle (pg-boss's default is 2). */
  pollingIntervalSeconds?: number
  /** Throws to fail the jobs (they are retried as the queue says); `job.retryCount`/`retryLimit` tell the last attempt. */
  handler: (jobs: JobWithMetadata<T>[]) => Promise<void>
}

type Running = { boss: PgBoss; stopping: boolean; queues: string[] }

// On globalThis, so `react-router dev` module reloads find the running instance instead of starting another.
const globalForJobs = globalThis as unknown as { __setuJobs?: Running; __setuJobsStarting?: Promise<PgBoss> }

/** pg-boss reaches the app database: a pool of its own on PostgreSQL, the shared PGlite instance otherwise. */
function createBoss(): PgBoss {
  const connection = getJobsConnection()
  const common = { schema: 'pgboss', application_name: 'setu-jobs', instanceName: `setu-${process.pid}` }
  if (connection.kind === 'postgres') {
    return new PgBoss({ ...common, connectionString: connection.url, max: 4, connectionTimeoutMillis: 10_000 })
  }
  // PGlite serialises every query and transaction on its one connection, so pg-boss's statements take
  // turns with the app's transactions. fromPglite is pg-boss's own adapter for exactly this: a
  // multi-statement text without values goes to exec(), anything else to query(), rows are returned,
  // and a failed block is rolled back so it cannot poison the shared connection.
  return new PgBoss({ ...common, backend: 'pglite', db: fromPglite(connection.client) })
}

/** Starts the queue (installing or migrating its schema), creates the queues, starts the workers and schedules. */
export async function startJobs(definitions: JobDefinition[]): Promise<PgBoss> {
  if (globalForJobs.__setuJobs) return globalForJobs.__setuJobs.boss
  globalForJobs.__setuJobsStarting ??= (async () => {
    const boss = createBoss()
    // An 'error' without a listener would throw from the emitter and kill the process; a job that
    // fails is retried by pg-boss, a lost connection is retried on the next poll.
    boss.on('error', (err) => console.error(`[setu] job queue: ${err instanceof Error ? err.message : String(err)}`))
    await boss.start()
    try {
      for (const def of definitions) {
        await boss.createQueue(def.name, def.queue ?? {})
        // createQueue keeps an existing queue as it was: bring its retry settings up to date.
        const { policy: _policy, partition: _partition, deadLetter: _deadLetter, retryDelayMax: _retryDelayMax, heartbeatSeconds: _heartbeat, ...updatable } = def.queue ?? {}
        if (Object.keys(updatable).length > 0) await boss.updateQueue(def.name, updatable)
        await boss.work<object>(
          def.name,
          { batchSize: def.batchSize ?? 1, includeMetadata: true, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 },
          async (jobs) => def.handler(jobs as JobWithMetadata<never>[]),
        )
        if (def.cron) await boss.schedule(def.name, def.cron, null, { tz: 'UTC' })
        else await boss.unschedule(def.name)
        if (def.runAtStart) await boss.send(def.name, null, { singletonKey: 'start', singletonSeconds: 60 })
      }
    } catch (err) {
      await boss.stop({ graceful: false, close: true }).catch(() => {})
      throw err
    }
    globalForJobs.__setuJobs = { boss, stopping: false, queues: definitions.map((def) => def.name) }
    return boss
  })().finally(() => {
    globalForJobs.__setuJobsStarting = undefined
  })
  return globalForJobs.__setuJobsStarting
}

/**
 * Stops the workers and the schedules, waiting up to `timeoutMs` for jobs in progress (a mail being
 * sent); one not finished by then is picked up again after its expiry. Call before closing the database.
 */
export async function stopJobs(timeoutMs = 3_000): Promise<void> {
  const starting = globalForJobs.__setuJobsStarting
  if (starting) await starting.catch(() => {})
  const running = globalForJobs.__setuJobs
  if (!running || running.stopping) return
  running.stopping = true
  globalForJobs.__setuJobs = undefined
  await running.boss.stop({ graceful: true, timeout: timeoutMs, close: true })
}

/**
 * The workers take no new job from now on; jobs in progress go on, and jobs can still be sent (a request
 * finishing during a shutdown stores its email). stopJobs() then waits for those in progress.
 */
export async function pauseJobs(): Promise<void> {
  const running = globalForJobs.__setuJobs
  if (!running || running.stopping) return
  await Promise.all(running.queues.map((name) => running.boss.offWork(name, { wait: false })))
}

/** The running queue, or null (tests and scripts that did not start it). */
export function runningJobs(): PgBoss | null {
  const running = globalForJobs.__setuJobs
  return running && !running.stopping ? running.boss : null
}

/** Sends a job if the queue runs; returns false when it does not (the scheduled sweeps pick the work up later). */
export async function sendJob(name: string, data: object | null, options: SendOptions = {}): Promise<boolean> {
  const boss = runningJobs()
  if (!boss) return false
  await boss.send(name, data, options)
  return true
}

/**
 * A function that asks for one job on `queue` soon, at most one per `delayMs`: called inside a
 * transaction, the delay lets it commit first, and anything not yet visible is taken by the queue's
 * scheduled run. Does nothing while the queue is not running (tests, scripts).
 */
export function soonJob(queue: string, delayMs: number): () => void {
  let kick: NodeJS.Timeout | undefined
  return () => {
    if (kick) return
    kick = setTimeout(() => {
      kick = undefined
      void sendJob(queue, null).catch((err) => console.error(`[setu] could not queue ${queue}: ${err instanceof Error ? err.message : err}`))
    }, delayMs)
    kick.unref()
  }
}

/** Queues one job per id on `queue` (singletonKey = the id, so a row already queued is not queued twice); returns how many were queued. */
export async function queueRowJobs(queue: string, ids: readonly string[]): Promise<number> {
  let queued = 0
  for (const id of ids) {
    if (await sendJob(queue, { id }, { singletonKey: id })) queued++
  }
  return queued
}

/**
 * The two queues of a stored-then-delivered row (an outgoing email, a notice): `queue` delivers one row
 * per job and `sweepQueue` runs `sweep` every minute and at start (queueing what is still pending).
 * The delivery queue is exclusive: one job per row id is queued or running at a time, so the sweep
 * cannot double it. Backoff from 30 s doubling to at most an hour: ten retries cover a mail server
 * down for hours; `deliver` is told when it is the last attempt.
 */
export function rowDeliveryJobs(opts: {
  queue: string
  sweepQueue: string
  deliver: (id: string, attempt: { lastAttempt: boolean }) => Promise<unknown>
  sweep: () => Promise<unknown>
  pollingIntervalSeconds?: number
}): JobDefinition[] {
  const polling = opts.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: opts.pollingIntervalSeconds }
  return [
    {
      name: opts.queue,
      queue: { policy: 'exclusive', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 20 * 60 },
      ...polling,
      handler: async (jobs) => {
        for (const job of jobs as { data: { id?: unknown } | null; retryCount: number; retryLimit: number }[]) {
          if (typeof job.data?.id !== 'string') continue
          await opts.deliver(job.data.id, { lastAttempt: job.retryCount >= job.retryLimit })
        }
      },
    },
    {
      name: opts.sweepQueue,
      queue: { policy: 'short', retryLimit: 1, expireInSeconds: 120 },
      cron: '* * * * *',
      runAtStart: true,
      ...polling,
      handler: async () => {
        await opts.sweep()
      },
    },
  ]
}
