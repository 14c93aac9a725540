// Runs once per Vitest run, before any test file: migrates one database and hands every test file a
// copy of it (tests/setup-db.ts), instead of each file creating an empty database and applying every
// migration itself. On PGlite the copy is a dump of the migrated data directory, loaded in about a
// fifth of the time an empty PGlite takes to create; on PostgreSQL it is a template database that
// CREATE DATABASE … TEMPLATE copies. README.md, "Testing", has the details.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openDatabase } from '~/lib/db.server'
import { createTestPostgresDatabase } from './support/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a migrated PGlite data directory (PGlite runs). */
    pgliteTemplate: string | null
    /** Name of a migrated database on TEST_DATABASE_URL's server, to copy (PostgreSQL runs). */
    postgresTemplate: string | null
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const created = await createTestPostgresDatabase(serverUrl, 'setu_template')
    const handle = await openDatabase({ url: created.url })
    try {
      await migrateDatabase(handle)
    } finally {
      // No session may stay connected to a template while it is copied.
      await handle.close()
    }
    project.provide('postgresTemplate', created.name)
    project.provide('pgliteTemplate', null)
    return created.drop
  }
  const handle = await openDatabase({ pgliteDir: null })
  let file: string
  try {
    await migrateDatabase(handle)
    const dump = await pgliteClient(handle).dumpDataDir('none')
    file = path.join(os.tmpdir(), `setu-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`)
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await handle.close()
  }
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', null)
  return () => fs.rmSync(file, { force: true })
}

function pgliteClient(handle: Awaited<ReturnType<typeof openDatabase>>) {
  if (handle.jobs.kind !== 'pglite') throw new Error('expected a PGlite handle')
  return handle.jobs.client
}
