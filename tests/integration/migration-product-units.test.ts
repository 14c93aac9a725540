// @no-database: this file opens its own database, migrated in two steps (vitest.config.ts)
// Migration 0024 (issue 28) on a database that already holds products and orders: each product's free-text
// attributes.unit becomes its unit column (and leaves the attributes), each order takes its RFQ's unit or,
// for a direct order, its product's.
import { afterAll, describe, expect, it } from 'vitest'
import { BUYER, databaseBefore, removeMigrationFolders, SELLER, SELLER_AND_BUYER_SQL } from '../support/migrations'

const BEFORE = '0024_product_units'

afterAll(removeMigrationFolders)

describe('migration 0024: units of measure on products and orders', () => {
  it('moves each product unit out of its attributes and gives each order its RFQ or product unit', async () => {
    const { client, migrateToLatest } = await databaseBefore(BEFORE)

    await client.exec(`
      ${SELLER_AND_BUYER_SQL}
      insert into categories (id, sort_order) values ('migration-test', 1);
      insert into products (id, seller_id, category_id, price, currency, attributes) values
        ('10000000-0000-4000-8000-000000000001', '${SELLER}', 'migration-test', '245.00', 'USD', '{"hsCode": "1001.99", "origin": "RU", "unit": "tonne"}'),
        ('10000000-0000-4000-8000-000000000002', '${SELLER}', 'migration-test', '1850.00', 'USD', '{"unit": " Carat "}'),
        ('10000000-0000-4000-8000-000000000003', '${SELLER}', 'migration-test', '180.00', 'USD', '{"unit": "license", "term": "12 months"}'),
        ('10000000-0000-4000-8000-000000000004', '${SELLER}', 'migration-test', '3.10', 'USD', '{"unit": "bananas"}'),
        ('10000000-0000-4000-8000-000000000005', '${SELLER}', 'migration-test', '64.00', 'USD', '{"origin": "RU"}');
      insert into rfqs (id, buyer_id, title, description, quantity, unit, submission_key) values
        ('20000000-0000-4000-8000-000000000001', '${BUYER}', 'Sunflower oil, 200 tonnes', 'Refined, in flexitanks', 200, 'kg', gen_random_uuid());
      insert into orders (id, rfq_id, buyer_id, seller_id, unit_price, quantity, currency, total) values
        ('30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', '${BUYER}', '${SELLER}', '1.00', 200, 'USD', '200.00');
      insert into orders (id, product_id, buyer_id, seller_id, unit_price, quantity, currency, total) values
        ('30000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', '${BUYER}', '${SELLER}', '245.00', 500, 'USD', '122500.00');
    `)

    await migrateToLatest()

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
