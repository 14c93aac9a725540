// What every database command (npm run db:migrate, db:seed, admin:create) does around its own work:
// open the database the app would open (DATABASE_URL, or the embedded PGlite database in DATA_DIR,
// with the migrations applied), close it afterwards, and report a failure in one line.
import path from 'node:path'
import { closeDb, initDb } from '../../app/lib/db.server'
import { env } from '../../app/lib/env.server'

/** Runs `work` on the app's database, told where that is (for its messages); closes the database after. */
export async function withAppDatabase<T>(work: (where: string) => Promise<T>): Promise<T> {
  const e = env()
  const handle = await initDb({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR })
  try {
    return await work(handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.resolve(e.DATA_DIR, 'pglite')}`)
  } finally {
    await closeDb()
  }
}

/** Runs a command's `main`; a failure prints "[setu] <name> failed: <why>" and sets exit code 1. */
export function runCommand(name: string, main: () => Promise<void>) {
  main().catch((err: unknown) => {
    console.error(`[setu] ${name} failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exitCode = 1
  })
}
