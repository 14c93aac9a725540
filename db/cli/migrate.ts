// npm run db:migrate — applies the committed migrations to the database the app would open
// (DATABASE_URL, or the embedded PGlite database in DATA_DIR).
import path from 'node:path'
import { closeDb, initDb } from '../../app/lib/db.server'
import { env } from '../../app/lib/env.server'

async function main() {
  const e = env()
  const handle = await initDb({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR })
  try {
    const where =
      handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.resolve(e.DATA_DIR, 'pglite')}`
    console.log(`[setu] migrations applied to ${where}; the schema is up to date.`)
  } finally {
    await closeDb()
  }
}

main().catch((err: unknown) => {
  console.error(`[setu] db:migrate failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
})
