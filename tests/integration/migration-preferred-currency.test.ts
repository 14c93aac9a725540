// @no-database: this file opens its own database, migrated in two steps (vitest.config.ts)
// Migration 0026 (issue 28 item 4) on a database that already holds profiles: each takes its country's
// currency as its preferred one (defaultCurrencyOf), and the column refuses a currency outside the list.
import { afterAll, describe, expect, it } from 'vitest'
import { defaultCurrencyOf } from '~/domain'
import { databaseBefore, removeMigrationFolders, SELLER_AND_BUYER_SQL } from '../support/migrations'

const BEFORE = '0026_preferred_currency'

afterAll(removeMigrationFolders)

describe('migration 0026: preferred currency', () => {
  it('gives every existing profile its country’s currency', async () => {
    const { client, migrateToLatest } = await databaseBefore(BEFORE)

    await client.exec(`
      ${SELLER_AND_BUYER_SQL}
    `)

    await migrateToLatest()

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
