// A database as it stood before a migration (migration tests): the committed migrations up to, not
// including, a tag, copied to a folder of their own; `removeMigrationFolders` deletes the copies.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MIGRATIONS_FOLDER } from '~/lib/db.server'

const folders: string[] = []

/** The committed migrations up to, not including, `tag`, in a folder of their own. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'setu-migrations-'))
  folders.push(dir)
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
  const journalPath = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  if (at < 0) throw new Error(`no migration ${tag}`)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

/** Deletes every folder `migrationsBefore` made (call in afterAll). */
export function removeMigrationFolders(): void {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** The ids of SELLER_AND_BUYER_SQL's two profiles. */
export const SELLER = '00000000-0000-4000-8000-000000000001'
export const BUYER = '00000000-0000-4000-8000-000000000002'

/** A Russian seller (approved) and an Indian buyer: the profiles a migration test's rows belong to. */
export const SELLER_AND_BUYER_SQL = `
  insert into profiles (id, name, email, country, user_type, kyc_status) values
    ('${SELLER}', 'Seller', 'seller@example.com', 'Russia', 'Seller', 'Approved'),
    ('${BUYER}', 'Buyer', 'buyer@example.com', 'India', 'Buyer', 'Pending');`

/**
 * A fresh in-memory database migrated up to, not including, `tag`: the test writes the rows the migration
 * meets with `client`, then `migrateToLatest()` applies the rest.
 */
export async function databaseBefore(tag: string) {
  const client = await PGlite.create({ extensions: { pg_trgm } })
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore(tag) })
  return { client, migrateToLatest: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }) }
}
