// Every test file gets its own fresh, migrated database: in-memory PGlite by default, or a
// uniquely named PostgreSQL database (created here, dropped afterwards) when TEST_DATABASE_URL is set.
// Both start as a copy of the database tests/global-setup.ts migrated once for the whole run.
import fs from 'node:fs'
import { afterAll, beforeAll, inject } from 'vitest'
import { closeDb, migrateDatabase, openDatabase, setDb } from '~/lib/db.server'
import { createTestPostgresDatabase } from './support/postgres'

let dropDatabase: (() => Promise<void>) | undefined

beforeAll(async () => {
  let url: string | undefined
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestPostgresDatabase(process.env.TEST_DATABASE_URL, 'setu_test', inject('postgresTemplate') ?? undefined)
    url = created.url
    dropDatabase = created.drop
  }
  const template = url ? null : inject('pgliteTemplate')
  const handle = await openDatabase({ url, pgliteDir: null, pgliteDump: template ? new Blob([fs.readFileSync(template)]) : undefined })
  // Nothing left to apply on a copy (a few reads of the migrations table); the whole set on an empty one.
  await migrateDatabase(handle)
  setDb(handle)
})

afterAll(async () => {
  await closeDb()
  await dropDatabase?.()
})
