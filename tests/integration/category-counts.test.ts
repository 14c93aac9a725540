// Category counts read products.is_listed, a copy of the public rule kept by triggers (migration 0018,
// ADR 017 fourth step): every write that changes a product or its seller must change the counts at
// once, through the same functions the pages and the admin panel call, and the cached category pages
// must show it on the next request. A final check compares every copy with the live rows.
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/lib/db.server'
import { configureReferenceCache } from '~/lib/reference-cache.server'
import { changeUserStatus } from '~/modules/admin/users.server'
import { decideKyc } from '~/modules/admin/commands.server'
import type { CurrentAdmin } from '~/modules/admin/session.server'
import { getCatalogStats } from '~/modules/catalog/stats.server'
import { getCategory, listCategories, listFeaturedCategories } from '~/modules/catalog/categories.server'
import { createProduct as saveProduct, deleteProduct, setProductActive, updateProduct } from '~/modules/products/products.server'
import type { ProductInput } from '~/modules/products/schemas'
import { ADMIN_CLIENT, createAdmin } from '../factories/admins'
import { createCategory, createProduct, productFormInput } from '../factories/catalog'
import { createUser } from '../factories/users'
import { dispatch } from '../support/app'
import { giveIdentities } from '../factories/registry'

let sellerId = ''
let admin: CurrentAdmin
const request = () => new Request('http://localhost/admin/users', { method: 'POST', headers: ADMIN_CLIENT })

const productInput = (overrides: Partial<ProductInput> = {}) =>
  productFormInput(`Counted Cloves ${Math.random().toString(36).slice(2, 8)}`, { categoryId: 'counts-top', subcategoryId: 'counts-sub' }, overrides)

/** The counts the pages show: the category page (with its subcategory) and the all-categories list. */
async function counts() {
  const top = (await getCategory('counts-top', 'en'))!
  const other = (await listCategories('en')).find((c) => c.id === 'counts-other')!
  const [featured] = await listFeaturedCategories(['counts-top'], 'en')
  expect(featured.productCount).toBe(top.productCount)
  return { top: top.productCount, sub: top.subcategories.find((s) => s.id === 'counts-sub')!.productCount, other: other.productCount }
}

/** The same counts by the rule itself, from the live product and seller rows. */
async function liveCounts() {
  const count = async (where: ReturnType<typeof sql>) => {
    const res = await getDb().execute(sql`select count(*)::int as n from products p join profiles s on s.id = p.seller_id
      where p.is_active and s.account_status = 'active' and s.kyc_status = 'Approved' and ${where}`)
    return (res.rows[0] as { n: number }).n
  }
  return {
    top: await count(sql`(p.category_id in ('counts-top', 'counts-sub') or p.subcategory_id = 'counts-top')`),
    sub: await count(sql`(p.category_id = 'counts-sub' or p.subcategory_id = 'counts-sub')`),
    other: await count(sql`(p.category_id = 'counts-other' or p.subcategory_id = 'counts-other')`),
  }
}

async function expectCounts(expected: { top: number; sub: number; other: number }) {
  expect(await counts()).toEqual(expected)
  expect(await liveCounts()).toEqual(expected)
}

beforeAll(async () => {
  await createCategory({ id: 'counts-top', translations: { en: { name: 'Counts Top' } } })
  await createCategory({ id: 'counts-sub', parentId: 'counts-top', translations: { en: { name: 'Counts Sub' } } })
  await createCategory({ id: 'counts-other', translations: { en: { name: 'Counts Other' } } })
  sellerId = (await createUser({ profile: { userType: 'Seller', country: 'India', kycStatus: 'Approved', accountStatus: 'active' } })).profileId!
  const a = await createAdmin({ role: 'super_admin' })
  admin = { id: a.id, email: a.email, fullName: a.fullName, role: a.role, permissions: ['user:manage', 'kyc:review'] as CurrentAdmin['permissions'], sessionId: 'test' }
})

describe('category counts follow every change at once', () => {
  let first = ''
  it('counts a new product in its category and subcategory, once each', async () => {
    await expectCounts({ top: 0, sub: 0, other: 0 })
    const created = await saveProduct(sellerId, productInput())
    if (!created.ok) throw new Error(JSON.stringify(created))
    first = created.id
    await expectCounts({ top: 1, sub: 1, other: 0 })
    // Filed under the subcategory itself, and a product with a subcategory of another category.
    await createProduct({ sellerId, categoryId: 'counts-sub' })
    await createProduct({ sellerId, categoryId: 'counts-other', subcategoryId: 'counts-sub' })
    await expectCounts({ top: 2, sub: 3, other: 1 })
  })

  it('deactivation and activation by the seller', async () => {
    expect(await setProductActive(sellerId, first, false)).toBe(true)
    await expectCounts({ top: 1, sub: 2, other: 1 })
    expect(await setProductActive(sellerId, first, true)).toBe(true)
    await expectCounts({ top: 2, sub: 3, other: 1 })
  })

  it('a category change by the seller', async () => {
    expect(await updateProduct(sellerId, first, productInput({ categoryId: 'counts-other', subcategoryId: null }))).toMatchObject({ ok: true })
    await expectCounts({ top: 1, sub: 2, other: 2 })
  })

  it('suspension and reactivation of the seller by an admin', async () => {
    expect(await changeUserStatus(admin, request(), { intent: 'status', profileId: sellerId, status: 'suspended' })).toMatchObject({ ok: true })
    await expectCounts({ top: 0, sub: 0, other: 0 })
    expect(await changeUserStatus(admin, request(), { intent: 'status', profileId: sellerId, status: 'active' })).toMatchObject({ ok: true })
    await expectCounts({ top: 1, sub: 2, other: 2 })
  })

  it('KYC approval of a pending seller by an admin', async () => {
    const pending = await createUser({ profile: { userType: 'Seller', country: 'India', kycStatus: 'Pending', kycDocumentUrl: 'kyc/test/document.pdf', accountStatus: 'active' } })
    await createProduct({ sellerId: pending.profileId!, categoryId: 'counts-top' })
    await expectCounts({ top: 1, sub: 2, other: 2 })
    await giveIdentities(pending.profileId!, 'India')
    expect(await decideKyc(admin, request(), { intent: 'approve', profileId: pending.profileId! })).toMatchObject({ ok: true })
    await expectCounts({ top: 2, sub: 2, other: 2 })
  })

  it('deletion by the seller', async () => {
    expect(await deleteProduct(sellerId, first)).toBe(true)
    await expectCounts({ top: 2, sub: 2, other: 1 })
  })

  it('the home counter reads the same copy', async () => {
    const res = await getDb().execute(sql`select count(*)::int as n from products p join profiles s on s.id = p.seller_id
      where p.is_active and s.account_status = 'active' and s.kyc_status = 'Approved'`)
    expect((await getCatalogStats()).activeProducts).toBe((res.rows[0] as { n: number }).n)
  })
})

describe('cached category pages', () => {
  beforeAll(() => configureReferenceCache({ ttlMs: 60_000 }))
  afterAll(() => configureReferenceCache({ ttlMs: 0 }))

  /** The count on the "Counts Top" card of /categories/all. */
  async function cardCount(): Promise<string | undefined> {
    const body = await (await dispatch('/categories/all?lng=en')).text()
    const card = body.split('data-testid="category-card"').find((c) => c.includes('>Counts Top<'))
    return card?.match(/<span>([^<]*products?)<\/span>/)?.[1]
  }

  it('show a deactivated product on the next request', async () => {
    const created = await saveProduct(sellerId, productInput())
    if (!created.ok) throw new Error(JSON.stringify(created))
    expect(await cardCount()).toBe('3 products')
    expect(await cardCount()).toBe('3 products')
    expect(await setProductActive(sellerId, created.id, false)).toBe(true)
    expect(await cardCount()).toBe('2 products')
  })
})

describe('the listed copy', () => {
  it('equals the public rule for every product', async () => {
    const res = await getDb().execute(sql`select count(*)::int as n from products p join profiles s on s.id = p.seller_id
      where p.is_listed is distinct from (p.is_active and s.account_status = 'active' and s.kyc_status = 'Approved')`)
    expect((res.rows[0] as { n: number }).n).toBe(0)
    const texts = await getDb().execute(sql`select count(*)::int as n from product_translations t join products p on p.id = t.product_id
      where t.is_public is distinct from p.is_listed`)
    expect((texts.rows[0] as { n: number }).n).toBe(0)
  })

  it('is set by the database, whatever a writer sends', async () => {
    const pending = await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending', accountStatus: 'active' } })
    const product = await createProduct({ sellerId: pending.profileId!, categoryId: 'counts-other' })
    await getDb().execute(sql`update products set is_listed = true where id = ${product.id}`)
    const res = await getDb().execute(sql`select is_listed from products where id = ${product.id}`)
    expect(res.rows).toEqual([{ is_listed: false }])
  })
})

// PostgreSQL only (PGlite has one connection): a seller update and a product write in two transactions
// at once. Whichever order the locks are taken in, the later one sees the other's change, and neither
// waits for the other in a cycle (a deadlock would fail the transaction).
describe.runIf(!!process.env.TEST_DATABASE_URL)('concurrent writes', () => {
  const pool = () => (getDb() as unknown as { $client: pg.Pool }).$client

  /** Resolves once the backend `pid` waits for a lock (its statement has reached the other transaction's row), or `done` is set. */
  async function waitsForLock(pid: number, done: { value: boolean }) {
    while (!done.value) {
      const { rows } = await pool().query<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [pid])
      if (rows[0]?.waiting) return
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  async function listed(productId: string) {
    const { rows } = await pool().query<{ product: boolean; texts: boolean[] }>(
      `select p.is_listed as product, array(select t.is_public from product_translations t where t.product_id = p.id) as texts from products p where p.id = $1`,
      [productId],
    )
    return rows[0]
  }

  /** Runs `first` in an open transaction, then `second` on another connection until it waits for `first`; commits `first`, then awaits `second`. */
  async function interleave(first: string[], second: string[]) {
    const a = await pool().connect()
    const b = await pool().connect()
    try {
      await a.query('begin')
      for (const text of first) await a.query(text)
      const { rows } = await b.query<{ pid: number }>('select pg_backend_pid() as pid')
      const done = { value: false }
      const secondDone = (async () => {
        await b.query('begin')
        for (const text of second) await b.query(text)
        await b.query('commit')
      })().finally(() => (done.value = true))
      // Normally `second` waits for `first`; if it does not (a trigger that skipped the row), it commits
      // first and the outcome below must still be right.
      await Promise.race([waitsForLock(rows[0].pid, done), secondDone])
      await a.query('commit')
      await secondDone
    } finally {
      a.release()
      b.release()
    }
  }

  it('a product activated while its seller is being suspended ends up hidden, in either order', async () => {
    const seller = (await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved', accountStatus: 'active' } })).profileId!
    const product = await createProduct({ sellerId: seller, categoryId: 'counts-other', isActive: false })
    const activate = `update products set is_active = true where id = '${product.id}'`
    const suspend = `update profiles set account_status = 'suspended' where id = '${seller}'`
    const restore = async () => {
      await pool().query(`update profiles set account_status = 'active' where id = '${seller}'`)
      await pool().query(`update products set is_active = false where id = '${product.id}'`)
      expect(await listed(product.id)).toEqual({ product: false, texts: [false] })
    }
    await interleave([activate], [suspend])
    expect(await listed(product.id)).toEqual({ product: false, texts: [false] })
    await restore()
    await interleave([suspend], [activate])
    expect(await listed(product.id)).toEqual({ product: false, texts: [false] })
  })

  it('a product edit that replaces its texts while the seller is suspended ends up hidden', async () => {
    const seller = (await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved', accountStatus: 'active' } })).profileId!
    const product = await createProduct({ sellerId: seller, categoryId: 'counts-other' })
    await interleave(
      [`update products set price = 12.5 where id = '${product.id}'`, `delete from product_translations where product_id = '${product.id}'`],
      [`update profiles set kyc_status = 'Rejected' where id = '${seller}'`],
    )
    expect(await listed(product.id)).toEqual({ product: false, texts: [] })
    // The edit's new text, inserted after the seller update committed: hidden too.
    await pool().query(`insert into product_translations (product_id, language_code, name, slug) values ('${product.id}', 'en', 'Late text', 'late-${product.id}')`)
    expect(await listed(product.id)).toEqual({ product: false, texts: [false] })
  })

  it('a product created while its seller is being approved is listed', async () => {
    const seller = (await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending', accountStatus: 'active' } })).profileId!
    const id = crypto.randomUUID()
    await interleave(
      [`update profiles set kyc_status = 'Approved' where id = '${seller}'`],
      [`insert into products (id, seller_id, category_id, price) values ('${id}', '${seller}', 'counts-other', 5)`],
    )
    expect(await listed(id)).toEqual({ product: true, texts: [] })
  })
})
