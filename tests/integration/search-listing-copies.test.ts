// Search reads the listing fields from its copies on each product text (migration 0017, ADR 017):
// every write path that changes a product or its seller must show in search at once, through the
// same functions the pages and the admin panel call. A final check compares every copy with the
// live rows it was taken from.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { changeUserStatus } from '~/modules/admin/users.server'
import { decideKyc } from '~/modules/admin/commands.server'
import type { CurrentAdmin } from '~/modules/admin/session.server'
import { updateProfile } from '~/modules/accounts/profile-commands.server'
import { UpdateProfileSchema } from '~/modules/accounts/schemas'
import { listProducts } from '~/modules/catalog/listing.server'
import { EMPTY_MARKETPLACE_QUERY, type MarketplaceQuery } from '~/modules/catalog/schemas'
import { createProduct as saveProduct, setProductActive, updateProduct } from '~/modules/products/products.server'
import type { ProductInput } from '~/modules/products/schemas'
import { ADMIN_CLIENT, createAdmin } from '../factories/admins'
import { createCategory, createProduct, productFormInput } from '../factories/catalog'
import { createUser } from '../factories/users'
import { giveIdentities } from '../factories/registry'

/** A word no other test file's products contain. */
const WORD = 'zanzibarclove'
const search = (extra: Partial<MarketplaceQuery> = {}) => listProducts({ ...EMPTY_MARKETPLACE_QUERY, q: WORD, sort: 'relevance', ...extra }, 'en')
const ids = async (extra: Partial<MarketplaceQuery> = {}) => (await search(extra)).items.map((p) => p.id)

let sellerUserId = ''
let sellerId = ''
let admin: CurrentAdmin
const request = () => new Request('http://localhost/admin/users', { method: 'POST', headers: ADMIN_CLIENT })

const productInput = (overrides: Partial<ProductInput> = {}, name = 'Zanzibarclove Buds') => productFormInput(name, { categoryId: 'copies-spices' }, overrides)

beforeAll(async () => {
  await createCategory({ id: 'copies-spices', translations: { en: { name: 'Spices' } } })
  await createCategory({ id: 'copies-other', translations: { en: { name: 'Other' } } })
  const user = await createUser({ profile: { userType: 'Seller', country: 'India', kycStatus: 'Approved', accountStatus: 'active' } })
  sellerUserId = user.id
  sellerId = user.profileId!
  const a = await createAdmin({ role: 'super_admin' })
  admin = { id: a.id, email: a.email, fullName: a.fullName, role: a.role, permissions: ['user:manage', 'kyc:review'] as CurrentAdmin['permissions'], sessionId: 'test' }
})

describe('search shows every change to a product at once', () => {
  it('a seller edit: price, currency, minimum order and category filters and the price sort read the new values', async () => {
    const created = await saveProduct(sellerId, productInput())
    if (!created.ok) throw new Error(JSON.stringify(created))
    const cheap = await saveProduct(sellerId, productInput({ price: '20.00' }, 'Zanzibarclove Powder'))
    if (!cheap.ok) throw new Error(JSON.stringify(cheap))
    expect(await ids({ sort: 'price_asc' })).toEqual([created.id, cheap.id])
    expect(await ids({ minPrice: '15' })).toEqual([cheap.id])

    const saved = await updateProduct(sellerId, created.id, productInput({ price: '99.50', minimumOrderQuantity: 50, categoryId: 'copies-other' }))
    expect(saved).toMatchObject({ ok: true })
    expect(await ids({ sort: 'price_asc' })).toEqual([cheap.id, created.id])
    expect((await ids({ minPrice: '15' })).sort()).toEqual([cheap.id, created.id].sort())
    expect(await ids({ maxMoq: 10 })).toEqual([cheap.id])
    expect(await ids({ category: 'copies-other' })).toEqual([created.id])
    const inRupees = await updateProduct(sellerId, created.id, productInput({ price: '99.50', currency: 'INR' }))
    expect(inRupees).toMatchObject({ ok: true })
    expect(await ids({ currency: 'INR' })).toEqual([created.id])
    expect(await ids({ currency: 'USD' })).toEqual([cheap.id])
  })

  it('deactivating hides a product from search, activating shows it again', async () => {
    const created = await saveProduct(sellerId, productInput({}, 'Zanzibarclove Oil'))
    if (!created.ok) throw new Error(JSON.stringify(created))
    expect(await ids()).toContain(created.id)
    expect(await setProductActive(sellerId, created.id, false)).toBe(true)
    expect(await ids()).not.toContain(created.id)
    expect(await setProductActive(sellerId, created.id, true)).toBe(true)
    expect(await ids()).toContain(created.id)
  })

  it('a stock change (an order) copies nothing and changes nothing in search', async () => {
    const product = await createProduct({ sellerId, categoryId: 'copies-spices', translations: { en: { name: 'Zanzibarclove Stems' } } })
    const before = await ids()
    await getDb().execute(sql`update products set stock_quantity = stock_quantity - 1, view_count = view_count + 1 where id = ${product.id}`)
    expect(await ids()).toEqual(before)
  })
})

describe('search shows every change to a seller at once', () => {
  it('suspension by an admin hides the seller\'s products; reactivation brings them back', async () => {
    const before = await ids()
    expect(before.length).toBeGreaterThan(0)
    expect(await changeUserStatus(admin, request(), { intent: 'status', profileId: sellerId, status: 'suspended' })).toMatchObject({ ok: true })
    expect(await ids()).toEqual([])
    expect(await changeUserStatus(admin, request(), { intent: 'status', profileId: sellerId, status: 'active' })).toMatchObject({ ok: true })
    expect(await ids()).toEqual(before)
  })

  it('a country change moves the seller\'s products between the country filters', async () => {
    const mine = await ids({ country: 'India' })
    expect(mine.length).toBeGreaterThan(0)
    const [row] = await getDb().select({ name: profiles.name, companyName: profiles.companyName, phoneNumber: profiles.phoneNumber }).from(profiles).where(eq(profiles.id, sellerId))
    const input = UpdateProfileSchema.parse({ name: row.name, country: 'Russia', companyName: row.companyName ?? '', phoneNumber: row.phoneNumber ?? '' })
    expect(await updateProfile(sellerUserId, input)).toMatchObject({ ok: true })
    expect(await ids({ country: 'India' })).toEqual([])
    expect(await ids({ country: 'Russia' })).toEqual(mine)
  })

  it('KYC approval by an admin shows a pending seller\'s products', async () => {
    const pending = await createUser({ profile: { userType: 'Seller', country: 'India', kycStatus: 'Pending', kycDocumentUrl: 'kyc/test/document.pdf', accountStatus: 'active' } })
    const product = await createProduct({ sellerId: pending.profileId!, categoryId: 'copies-spices', translations: { en: { name: 'Zanzibarclove Pending' } } })
    expect(await ids()).not.toContain(product.id)
    await giveIdentities(pending.profileId!, 'India')
    expect(await decideKyc(admin, request(), { intent: 'approve', profileId: pending.profileId! })).toMatchObject({ ok: true })
    expect(await ids()).toContain(product.id)
  })
})

describe('the copies', () => {
  it('equal the live product and seller rows for every text', async () => {
    const res = await getDb().execute(sql`
      select count(*)::int as n from product_translations t
      join products p on p.id = t.product_id join profiles s on s.id = p.seller_id
      where (t.is_public, t.seller_id, t.seller_country, t.category_id, t.subcategory_id, t.price, t.currency_rank, t.minimum_order_quantity, t.product_created_at)
        is distinct from (p.is_active and s.account_status = 'active' and s.kyc_status = 'Approved', p.seller_id, s.country, p.category_id,
          p.subcategory_id, p.price, p.currency_rank, p.minimum_order_quantity, p.created_at)`)
    expect((res.rows[0] as { n: number }).n).toBe(0)
    const texts = await getDb().execute(sql`select count(*)::int as n from product_translations`)
    expect((texts.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(5)
  })

  it('are filled in by the database, whatever a writer sends', async () => {
    const product = await createProduct({ sellerId, categoryId: 'copies-spices', price: '42.00', translations: {} })
    await getDb().execute(sql`insert into product_translations (product_id, language_code, name, slug, is_public, price)
      values (${product.id}, 'en', 'Zanzibarclove Forged', ${`forged-${product.id}`}, false, 1)`)
    const res = await getDb().execute(sql`select is_public, price from product_translations where product_id = ${product.id}`)
    expect(res.rows).toEqual([{ is_public: true, price: '42.00' }])
  })
})
