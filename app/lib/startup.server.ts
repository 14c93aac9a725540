// The process's start-up steps that belong to no module: the database (opened, migrated, seeded under
// one lock) and the start-up warnings. What the app runs on top (its jobs, the live hub, the demo data)
// is composed in app/startup.server.ts, the composition root: lib never imports a module.
import pg from 'pg'
import { getDb, initDb, type Db } from './db.server'
import { appUrlIsLocal, baseUrl, demoDataDecision, env } from './env.server'
import { actionLimitScale } from './rate-limit.server'
import { appSecret } from './secret.server'

/** Loads the demo data into a fresh database (db/seed); created is false when it was already there. */
export type DemoDataLoader = (db: Db) => Promise<{ created: boolean }>

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

/** Opens the database, applies migrations and, on a fresh database, loads the demo data with `loadDemoData`. */
export async function bootstrap(loadDemoData: DemoDataLoader) {
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
      const result = await loadDemoData(getDb())
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
