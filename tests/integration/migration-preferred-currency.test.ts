// @no-database: this file opens its own database, migrated in two steps (vitest.config.ts)
// Migration 0026 (issue 28 item 4) on a database that already holds profiles: each takes its country's
// currency as its preferred one (defaultCurrencyOf), and the column refuses a currency outside the list.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultCurrencyOf } from '~/domain'
import { MIGRATIONS_FOLDER } from '~/lib/db.server'
import { migrationsBefore, removeMigrationFolders } from '../support/migrations'

const BEFORE = '0026_preferred_currency'

afterAll(removeMigrationFolders)

describe('migration 0026: preferred currency', () => {
  it('gives every existing profile its country’s currency', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } })
    const db = drizzle(client)
    const before = migrationsBefore(BEFORE)
    await migrate(db, { migrationsFolder: before })

    await client.exec(`
      insert into profiles (id, name, email, country, user_type) values
        ('00000000-0000-4000-8000-000000000001', 'Seller', 'seller@example.com', 'Russia', 'Seller'),
        ('00000000-0000-4000-8000-000000000002', 'Buyer', 'buyer@example.com', 'India', 'Buyer');
    `)

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })

    const rows = await client.query<{ country: string; preferred_currency: string }>('select country, preferred_currency from profiles order by id')
    expect(rows.rows.map((r) => [r.country, r.preferred_currency])).toEqual([
      ['Russia', 'RUB'],
      ['India', 'INR'],
    ])
    // The backfill and the rule new profiles follow agree.
    for (const r of rows.rows) expect(r.preferred_currency).toBe(defaultCurrencyOf(r.country))
    await expect(client.query(`update profiles set preferred_currency = 'GBP'`)).rejects.toThrow(/profiles_preferred_currency_check/)
    await client.close()
    // Two migration runs on a fresh PGlite: slow on a busy machine.
  }, 180_000)
})
