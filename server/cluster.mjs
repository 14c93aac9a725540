// Several server processes (WEB_CONCURRENCY=N, ADR 018). With N > 1 the process started by
// `npm run serve` becomes the cluster's primary: it forks N workers that each run server/start.mjs in
// full (open the database, listen; node:cluster shares the port), restarts a worker that crashes,
// and on SIGTERM/SIGINT passes the signal on and waits for every worker to close its database and exit.
// The primary never opens the database and never serves a request.
import cluster from 'node:cluster'
import { parseShutdownGrace, SHUTDOWN_FINISH_MS } from './shutdown.mjs'

/** Most workers one machine gets; more would only share the same cores and database connections. */
const MAX_WORKERS = 64
/**
 * How much longer than its own limit (the grace plus SHUTDOWN_FINISH_MS, after which it exits by
 * itself) a stopping worker may take before it is killed.
 */
const STOP_MARGIN_MS = 5_000
/** A worker that crashed is forked again after this long, doubling while it keeps crashing. */
const RESTART_DELAY_MS = 1_000
const RESTART_DELAY_MAX_MS = 30_000
/** A worker that served this long before crashing counts as healthy: the restart delay starts over. */
const HEALTHY_AFTER_MS = 60_000

/** Reads WEB_CONCURRENCY: unset or empty is 1; anything but a whole number from 1 to 64 is refused. */
export function parseWebConcurrency(value) {
  if (value === undefined || value.trim() === '') return 1
  const n = Number(value.trim())
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new Error(`WEB_CONCURRENCY must be a whole number of processes from 1 to ${MAX_WORKERS}, not "${value}"`)
  }
  return n
}

/** PGlite lives in one process (ADR 002): several processes need PostgreSQL. */
function usesPostgres(databaseUrl) {
  return /^postgres(ql)?:\/\//.test(databaseUrl ?? '')
}

/**
 * Runs the cluster when this is the primary of WEB_CONCURRENCY > 1 processes, resolving to the exit
 * code once every worker has stopped; resolves undefined at once when this process should serve itself
 * (one process, or a worker).
 */
export async function runPrimaryIfClustered() {
  if (!cluster.isPrimary) return undefined
  let workers, graceMs
  try {
    workers = parseWebConcurrency(process.env.WEB_CONCURRENCY)
    graceMs = parseShutdownGrace(process.env.SHUTDOWN_GRACE_SECONDS)
    if (workers > 1 && !usesPostgres(process.env.DATABASE_URL)) {
      throw new Error(
        `WEB_CONCURRENCY=${workers} needs PostgreSQL: the embedded PGlite database can be opened by one process only (ADR 002). ` +
          'Set DATABASE_URL=postgres://… or leave WEB_CONCURRENCY unset for a single process.',
      )
    }
  } catch (err) {
    console.error(`[setu] cannot start: ${err instanceof Error ? err.message : err}`)
    return 1
  }
  if (workers === 1) return undefined
  return runPrimary(workers, graceMs + SHUTDOWN_FINISH_MS + STOP_MARGIN_MS)
}

function runPrimary(count, stopTimeoutMs) {
  return new Promise((resolve) => {
    let stopping = false
    let exitCode = 0
    let restartDelay = RESTART_DELAY_MS
    let anyListened = false
    const pending = new Set()

    console.log(`[setu] cluster: primary ${process.pid} starting ${count} worker processes (WEB_CONCURRENCY=${count})`)
    const fork = () => {
      const worker = cluster.fork()
      worker.startedAt = Date.now()
      worker.on('listening', () => {
        anyListened = true
      })
    }
    for (let i = 0; i < count; i++) fork()

    const finishIfDone = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0 && pending.size === 0) {
        console.log(`[setu] cluster: all workers stopped`)
        resolve(exitCode)
      }
    }

    const stopAll = (reason, code) => {
      if (stopping) return
      stopping = true
      exitCode = code
      console.log(`[setu] cluster: ${reason}, stopping ${Object.keys(cluster.workers ?? {}).length} workers`)
      for (const timer of pending) clearTimeout(timer)
      pending.clear()
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill('SIGTERM')
      const force = setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) {
          console.error(`[setu] cluster: worker ${worker.process.pid} did not stop within ${stopTimeoutMs / 1000} s, killing it`)
          worker.process.kill('SIGKILL')
        }
        exitCode = 1
      }, stopTimeoutMs)
      force.unref()
      finishIfDone()
    }

    cluster.on('exit', (worker, code, signal) => {
      const how = signal ? `signal ${signal}` : `code ${code}`
      if (stopping) {
        if (code !== 0 && !signal) exitCode = 1
        finishIfDone()
        return
      }
      // Before any worker got to listen, a failure is one of start-up (configuration, database down,
      // port taken): forking again would fail the same way, so the server stops, as one process would.
      if (!anyListened) {
        console.error(`[setu] cluster: worker ${worker.process.pid} exited during start-up (${how}); stopping`)
        stopAll('a worker could not start', 1)
        return
      }
      if (Date.now() - worker.startedAt > HEALTHY_AFTER_MS) restartDelay = RESTART_DELAY_MS
      console.error(`[setu] cluster: worker ${worker.process.pid} died (${how}); starting another in ${restartDelay / 1000} s`)
      const timer = setTimeout(() => {
        pending.delete(timer)
        if (!stopping) fork()
      }, restartDelay)
      pending.add(timer)
      restartDelay = Math.min(restartDelay * 2, RESTART_DELAY_MAX_MS)
    })

    // Ctrl-C in a terminal signals the whole process group, so workers may see SIGINT on their own too;
    // they ignore a second signal while stopping.
    process.on('SIGTERM', () => stopAll('SIGTERM received', 0))
    process.on('SIGINT', () => stopAll('SIGINT received', 0))
  })
}
