// @no-database: this file opens its own database, migrated in two steps (vitest.config.ts)
// Migration 0025 (issue 28 item 2) on a database that already holds whole-number quantities: every quantity
// column becomes numeric(13, 3) with its values kept, the listing copy of the minimum order (kept by the
// trigger of migrations 0017/0018) still follows the product, and from then on a quantity may be 12.5 t but
// not 2.5 containers.
import { afterAll, describe, expect, it } from 'vitest'
import { BUYER, databaseBefore, removeMigrationFolders, SELLER, SELLER_AND_BUYER_SQL } from '../support/migrations'

const BEFORE = '0025_quantity_decimals'

afterAll(removeMigrationFolders)

const WHEAT = '10000000-0000-4000-8000-000000000001'
const SHIRTS = '10000000-0000-4000-8000-000000000002'

describe('migration 0025: quantities are exact decimals', () => {
  it('keeps every whole quantity, keeps the listing copy in step and takes decimals only where the unit allows', async () => {
    const { client, migrateToLatest } = await databaseBefore(BEFORE)

    await client.exec(`
      ${SELLER_AND_BUYER_SQL}
      insert into categories (id, sort_order) values ('migration-test', 1);
      insert into products (id, seller_id, category_id, price, currency, unit, stock_quantity, minimum_order_quantity) values
        ('${WHEAT}', '${SELLER}', 'migration-test', '245.00', 'USD', 'tonnes', 3000, 500),
        ('${SHIRTS}', '${SELLER}', 'migration-test', '4.10', 'USD', 'pieces', 12000, 100);
      insert into product_translations (product_id, language_code, name, slug) values ('${WHEAT}', 'en', 'Milling wheat', 'milling-wheat');
      insert into rfqs (id, buyer_id, title, description, quantity, unit, submission_key) values
        ('20000000-0000-4000-8000-000000000001', '${BUYER}', 'Sunflower oil, 200 tonnes', 'Refined, in flexitanks, CIF Mumbai', 200, 'tonnes', gen_random_uuid());
      insert into quotes (id, rfq_id, seller_id, unit_price, currency, min_order_quantity, quantity, incoterm, incoterm_place, lead_time_days, expires_at) values
        ('40000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', '${SELLER}', '1120.00', 'USD', 20, 180, 'CIF', 'Mumbai', 30, now() + interval '30 days');
      insert into quote_rounds (quote_id, round, author_role, action, unit_price, quantity, incoterm, expires_at) values
        ('40000000-0000-4000-8000-000000000001', 1, 'seller', 'offer', '1120.00', 180, 'CIF', now() + interval '30 days');
      insert into orders (id, product_id, buyer_id, seller_id, unit_price, quantity, unit, currency, total) values
        ('30000000-0000-4000-8000-000000000001', '${WHEAT}', '${BUYER}', '${SELLER}', '245.00', 500, 'tonnes', 'USD', '122500.00');
    `)

    await migrateToLatest()

    const types = await client.query<{ table_name: string; column_name: string; type: string }>(`
      select table_name, column_name, format('%s(%s,%s)', data_type, numeric_precision, numeric_scale) as type from information_schema.columns
      where table_schema = 'public' and column_name in ('stock_quantity', 'minimum_order_quantity', 'min_order_quantity', 'quantity') order by table_name, column_name`)
    expect(types.rows.map((r) => `${r.table_name}.${r.column_name} ${r.type}`)).toEqual([
      'orders.quantity numeric(13,3)',
      'product_translations.minimum_order_quantity numeric(13,3)',
      'products.minimum_order_quantity numeric(13,3)',
      'products.stock_quantity numeric(13,3)',
      'quote_rounds.quantity numeric(13,3)',
      'quotes.min_order_quantity numeric(13,3)',
      'quotes.quantity numeric(13,3)',
      'rfqs.quantity numeric(13,3)',
    ])
    // The old whole numbers, unchanged.
    const kept = await client.query<{ v: string }>(`
      select concat_ws(' ', p.stock_quantity, p.minimum_order_quantity, t.minimum_order_quantity, r.quantity, q.min_order_quantity, q.quantity, qr.quantity, o.quantity) as v
      from products p join product_translations t on t.product_id = p.id, rfqs r, quotes q, quote_rounds qr, orders o where p.id = '${WHEAT}'`)
    expect(kept.rows[0]!.v).toBe('3000.000 500.000 500.000 200.000 20.000 180.000 180.000 500.000')

    // The search copy still follows the product (the trigger made again after the type change).
    await client.exec(`update products set minimum_order_quantity = 0.75, stock_quantity = stock_quantity - 12.5 where id = '${WHEAT}'`)
    const copy = await client.query<{ moq: string; stock: string }>(`select t.minimum_order_quantity as moq, p.stock_quantity as stock from product_translations t join products p on p.id = t.product_id`)
    expect(copy.rows[0]).toEqual({ moq: '0.750', stock: '2987.500' })

    // Decimals where the unit allows them, never a fraction of a unit counted whole, never zero.
    await expect(client.query(`update products set stock_quantity = 12.5 where id = '${SHIRTS}'`)).rejects.toThrow(/products_whole_stock_check/)
    await expect(client.query(`update products set minimum_order_quantity = 0.5 where id = '${SHIRTS}'`)).rejects.toThrow(/products_whole_moq_check/)
    await expect(client.query(`update products set minimum_order_quantity = 0 where id = '${WHEAT}'`)).rejects.toThrow(/products_moq_check/)
    await expect(client.query(`update rfqs set unit = 'containers', quantity = 2.5`)).rejects.toThrow(/rfqs_whole_quantity_check/)
    await expect(client.query(`update orders set unit = 'containers_20ft', quantity = 2.5`)).rejects.toThrow(/orders_whole_quantity_check/)
    await client.exec(`update rfqs set unit = 'carats', quantity = 0.75`)
    await client.exec(`update quotes set min_order_quantity = 0.25, quantity = 0.75`)
    expect((await client.query<{ q: string }>('select quantity as q from rfqs')).rows[0]!.q).toBe('0.750')
    await client.close()
  }, 180_000)
})
