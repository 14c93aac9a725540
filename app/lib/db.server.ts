import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { oneTripClient } from './pglite-one-trip.server'
import pg from 'pg'
import * as schema from '../../db/schema'

export type Schema = typeof schema
/**
 * Both drivers expose the same query builder; their raw `execute` results both carry `rows`, so the
 * node-postgres type describes either.
 */
export type Db = NodePgDatabase<Schema>

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations')

type Handle = {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** Resolves when the database server answers `select 1` on a fresh connection within `timeoutMs`. */
  ping: (timeoutMs: number) => Promise<void>
  /** How the job queue reaches this database: its own pool on PostgreSQL, the same PGlite instance otherwise. */
  jobs: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite }
}

const globalForDb = globalThis as unknown as { __setuDb?: Handle }

/** Thrown when another process already holds the PGlite data directory. */
export class DatabaseLockedError extends Error {}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is single-process: two processes writing one directory corrupt it. A lock file holding
 * the owner's pid guards it; a lock left by a dead process is taken over.
 */
const openDirs = new Set<string>()

function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const lockPath = path.join(dir, 'setu.lock')
  const lockedError = (owner: number) =>
    new DatabaseLockedError(
      `The embedded database in ${dir} is already open in another process (pid ${owner}). ` +
        `PGlite allows one process per data directory; stop that process first, ` +
        `or set DATABASE_URL=postgres://… to share a PostgreSQL server.`,
    )
  if (openDirs.has(dir)) throw lockedError(process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx')
      fs.writeSync(fd, String(process.pid))
      fs.closeSync(fd)
      openDirs.add(dir)
      return () => {
        openDirs.delete(dir)
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath)
        } catch {
          // already gone
        }
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim())
      if (owner && owner !== process.pid && pidAlive(owner)) throw lockedError(owner)
      fs.unlinkSync(lockPath) // stale lock from a process that no longer runs
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`)
}

/**
 * Per-connection settings. Typo-tolerant search (catalog) uses pg_trgm's `<%` operator, whose
 * threshold is this setting; 0.5 forgives one missing letter in a word of six or more ("turmric").
 * The search query tightens it again for short queries.
 */
export const TRGM_WORD_SIMILARITY_THRESHOLD = 0.5

// Whether the PostgreSQL server answered last time we heard from it. Module state (not per handle):
// one app process talks to one database, and the 503 guard (db-health.server.ts) reads it.
let connectionLost = false
let outages = 0

/** Records that a connection to PostgreSQL died or could not be opened; logged once per outage. */
export function markDatabaseUnreachable(err: unknown) {
  if (connectionLost) return
  connectionLost = true
  outages++
  const reason = err instanceof Error ? err.message : String(err)
  console.error(`[setu] database unreachable (${reason}); answering 503 until it is back`)
}

/** Records that PostgreSQL answered again after an outage. */
export function markDatabaseReachable() {
  if (!connectionLost) return
  connectionLost = false
  console.log('[setu] database reachable again')
}

/** False from the first lost connection until a ping succeeds again. */
export function isDatabaseMarkedReachable() {
  return !connectionLost
}

/** How many outages began in this process; a health answer cached before the latest one is stale. */
export function countDatabaseOutages() {
  return outages
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function openPostgres(url: string): Handle {
  // jit=off: the app's queries are short and bounded (ADR 017); JIT compiling one whose estimate passes
  // jit_above_cost took 40-50 ms of a 90 ms search at a million products, and never paid back.
  const options = `-c pg_trgm.word_similarity_threshold=${TRGM_WORD_SIMILARITY_THRESHOLD} -c jit=off`
  // A server that vanished without closing its sockets (failover, network cut) would otherwise keep
  // a request waiting for a connection for minutes.
  const pool = new pg.Pool({ connectionString: url, max: 10, options, connectionTimeoutMillis: 10_000 })
  // Without these listeners a server crash or restart kills the process: pg emits 'error' on idle
  // clients (forwarded by the pool) and on clients checked out for a transaction, and an
  // unhandled 'error' event throws. pg.Pool drops the broken client and connects anew later.
  pool.on('error', markDatabaseUnreachable)
  pool.on('connect', (client) => client.on('error', markDatabaseUnreachable))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    jobs: { kind: 'postgres', url },
    close: () => pool.end(),
    // A separate client, not the pool: a pool waiting on dead or busy connections would hide the answer.
    ping: async (timeoutMs) => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs })
      client.on('error', () => {})
      try {
        await withTimeout(
          client.connect().then(() => client.query('select 1')),
          timeoutMs,
          'database ping',
        )
      } finally {
        void client.end().catch(() => {})
      }
    },
  }
}

/** Opens a database: PostgreSQL when a postgres:// URL is given, otherwise PGlite (dir, or memory when dir is null). */
export async function openDatabase(opts: {
  url?: string
  pgliteDir?: string | null
  /** In memory only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty database. */
  pgliteDump?: Blob
}): Promise<Handle> {
  if (opts.url && /^postgres(ql)?:\/\//.test(opts.url)) return openPostgres(opts.url)
  const dir = opts.pgliteDir ?? null
  const release = dir ? acquireLock(dir) : () => {}
  try {
    const client = dir
      ? await PGlite.create(dir, { extensions: { pg_trgm } })
      : await PGlite.create({ extensions: { pg_trgm }, loadDataDir: opts.pgliteDump })
    // PGlite is one session: a SET lasts for as long as it is open.
    await client.exec(`set pg_trgm.word_similarity_threshold = ${TRGM_WORD_SIMILARITY_THRESHOLD}`)
    // Statements go to PGlite in one call each where they can (pglite-one-trip.server.ts).
    const db = drizzlePglite(oneTripClient(client), { schema }) as unknown as Db
    return {
      db,
      kind: 'pglite',
      jobs: { kind: 'pglite', client },
      close: async () => {
        await client.close()
        release()
      },
      // In-process, so never unreachable; a query here would only wait behind a long transaction and
      // turn a slow answer into a false 503.
      ping: async () => {},
    }
  } catch (err) {
    release()
    throw err
  }
}

/** Applies the committed drizzle-kit migrations. */
export async function migrateDatabase(handle: Handle) {
  if (handle.kind === 'postgres') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER })
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER })
  }
}

/** Opens the app database from the environment and applies migrations (once per process). */
export async function initDb(config: { databaseUrl?: string; dataDir: string }): Promise<Handle> {
  if (globalForDb.__setuDb) return globalForDb.__setuDb
  const handle = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.resolve(config.dataDir, 'pglite'),
  })
  await migrateDatabase(handle)
  globalForDb.__setuDb = handle
  return handle
}

/** Installs an already opened database (tests). */
export function setDb(handle: Handle | undefined) {
  globalForDb.__setuDb = handle
}

/** The app database. Throws if it has not been initialised. */
export function getDb(): Db {
  const handle = globalForDb.__setuDb
  if (!handle) throw new Error('Database not initialised: call initDb() at start-up')
  return handle.db
}

/** Pings the app database (see Handle.ping); rejects when it is not initialised or does not answer. */
export async function pingDatabase(timeoutMs: number): Promise<void> {
  const handle = globalForDb.__setuDb
  if (!handle) throw new Error('Database not initialised')
  await handle.ping(timeoutMs)
}

/** How the job queue connects to the app database (app/lib/jobs.server.ts). Throws if it has not been initialised. */
export function getJobsConnection(): Handle['jobs'] {
  const handle = globalForDb.__setuDb
  if (!handle) throw new Error('Database not initialised: call initDb() at start-up')
  return handle.jobs
}

/**
 * Where a LISTEN for live events goes (app/lib/realtime.server.ts): the PostgreSQL URL (a dedicated
 * client, never a pooled one), or the shared PGlite instance. Throws if it has not been initialised.
 */
export function getListenConnection(): Handle['jobs'] {
  return getJobsConnection()
}

export function getDbKind(): 'pglite' | 'postgres' {
  return globalForDb.__setuDb?.kind ?? 'pglite'
}

/** Closes the database and releases the PGlite lock. */
export async function closeDb() {
  const handle = globalForDb.__setuDb
  globalForDb.__setuDb = undefined
  if (handle) await handle.close()
}
