import { closeDb, getDb, initDb } from './db.server'
import { env } from './env.server'
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
  if (e.SEED_DEMO_DATA === 'true') {
    const result = await seedDemoData(getDb())
    if (result.created) console.log('[setu] demo data loaded')
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
