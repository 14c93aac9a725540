// The shutdown grace (SHUTDOWN_GRACE_SECONDS), read by the server (server/start.mjs) and by a cluster's
// primary (server/cluster.mjs), which waits for its workers that long and a little more.

/** Seconds requests in flight get to finish after SIGTERM/SIGINT when SHUTDOWN_GRACE_SECONDS is unset. */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25
const MAX_SHUTDOWN_GRACE_SECONDS = 3600
/**
 * After the grace, what is left of a shutdown (the jobs in progress, closing the database) may take this
 * long before the process gives up and exits with 1. The default grace plus this is 30 s, the time a
 * container platform usually waits after SIGTERM before it kills.
 */
export const SHUTDOWN_FINISH_MS = 5_000

/** Reads SHUTDOWN_GRACE_SECONDS into milliseconds: unset or empty is 25 s; anything but a whole number of seconds from 0 to 3600 throws. */
export function parseShutdownGrace(value) {
  const raw = (value ?? '').trim()
  if (raw === '') return DEFAULT_SHUTDOWN_GRACE_SECONDS * 1000
  if (/^\d+$/.test(raw) && Number(raw) <= MAX_SHUTDOWN_GRACE_SECONDS) return Number(raw) * 1000
  throw new Error(
    `SHUTDOWN_GRACE_SECONDS="${value}" is not accepted. Set how many seconds requests in flight get to finish after SIGTERM, ` +
      `a whole number from 0 to ${MAX_SHUTDOWN_GRACE_SECONDS} (default ${DEFAULT_SHUTDOWN_GRACE_SECONDS}).`,
  )
}
