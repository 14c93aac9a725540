// @no-database: this file opens its own database, migrated in two steps (vitest.config.ts)
// Migration 0024 (issue 28) on a database that already holds products and orders: each product's free-text
// attributes.unit becomes its unit column (and leaves the attributes), each order takes its RFQ's unit or,
// for a direct order, its product's.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '~/lib/db.server'
import { migrationsBefore, removeMigrationFolders } from '../support/migrations'

const BEFORE = '0024_product_units'

afterAll(removeMigrationFolders)

describe('migration 0024: units of measure on products and orders', () => {
  it('moves each product unit out of its attributes and gives each order its RFQ or product unit', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } })
    const db = drizzle(client)
    const before = migrationsBefore(BEFORE)
    await migrate(db, { migrationsFolder: before })

    await client.exec(`
      insert into profiles (id, name, email, country, user_type) values
        ('00000000-0000-4000-8000-000000000001', 'Seller', 'seller@example.com', 'Russia', 'Seller'),
        ('00000000-0000-4000-8000-000000000002', 'Buyer', 'buyer@example.com', 'India', 'Buyer');
      insert into categories (id, sort_order) values ('migration-test', 1);
      insert into products (id, seller_id, category_id, price, currency, attributes) values
        ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'migration-test', '245.00', 'USD', '{"hsCode": "1001.99", "origin": "RU", "unit": "tonne"}'),
        ('10000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'migration-test', '1850.00', 'USD', '{"unit": " Carat "}'),
        ('10000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'migration-test', '180.00', 'USD', '{"unit": "license", "term": "12 months"}'),
        ('10000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', 'migration-test', '3.10', 'USD', '{"unit": "bananas"}'),
        ('10000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000001', 'migration-test', '64.00', 'USD', '{"origin": "RU"}');
      insert into rfqs (id, buyer_id, title, description, quantity, unit, submission_key) values
        ('20000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'Sunflower oil, 200 tonnes', 'Refined, in flexitanks', 200, 'kg', gen_random_uuid());
      insert into orders (id, rfq_id, buyer_id, seller_id, unit_price, quantity, currency, total) values
        ('30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '1.00', 200, 'USD', '200.00');
      insert into orders (id, product_id, buyer_id, seller_id, unit_price, quantity, currency, total) values
        ('30000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '245.00', 500, 'USD', '122500.00');
    `)

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })

    const products = await client.query<{ id: string; unit: string; attributes: Record<string, string> }>('select id, unit, attributes from products order by id')
    expect(products.rows.map((r) => [r.unit, r.attributes])).toEqual([
      ['tonnes', { hsCode: '1001.99', origin: 'RU' }],
      ['carats', {}],
      ['pieces', { term: '12 months' }],
      // A unit the list does not know is counted in pieces.
      ['pieces', {}],
      ['pieces', { origin: 'RU' }],
    ])
    const orders = await client.query<{ id: string; unit: string }>('select id, unit from orders order by id')
    expect(orders.rows.map((r) => r.unit)).toEqual(['kg', 'tonnes'])
    // From now on the database refuses a unit outside the list.
    await expect(client.query(`update products set unit = 'furlongs' where id = '10000000-0000-4000-8000-000000000001'`)).rejects.toThrow(/products_unit_check/)
    await client.close()
  })
})
