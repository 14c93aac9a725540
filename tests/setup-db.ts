// Every test file gets its own fresh, migrated database: in-memory PGlite by default, or a
// uniquely named PostgreSQL database (created here, dropped afterwards) when TEST_DATABASE_URL is set.
import { afterAll, beforeAll } from 'vitest'
import { closeDb, migrateDatabase, openDatabase, setDb } from '~/lib/db.server'
import { createTestPostgresDatabase } from './support/postgres'

let dropDatabase: (() => Promise<void>) | undefined

beforeAll(async () => {
  let url: string | undefined
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestPostgresDatabase(process.env.TEST_DATABASE_URL)
    url = created.url
    dropDatabase = created.drop
  }
  const handle = await openDatabase({ url, pgliteDir: null })
  await migrateDatabase(handle)
  setDb(handle)
})

afterAll(async () => {
  await closeDb()
  await dropDatabase?.()
})
