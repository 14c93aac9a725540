import { closeDb, getDb, initDb } from './db.server'
import { appUrlIsLocal, baseUrl, demoDataDecision, env } from './env.server'
import { seedDemoData } from '../../db/seed'

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

const globalForStartup = globalThis as unknown as { __setuStartup?: Promise<void> }

/** Runs bootstrap once per process; `react-router dev` has no start script, so the root middleware calls this. */
export function ensureBootstrapped(): Promise<void> {
  globalForStartup.__setuStartup ??= bootstrap()
  return globalForStartup.__setuStartup
}

/** Closes the database (releasing the PGlite lock). */
export async function shutdown() {
  await closeDb()
}
