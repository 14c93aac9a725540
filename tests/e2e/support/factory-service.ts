// The browser specs' factories, run inside the e2e server by factory-host.mjs (read there why) and
// called from the specs through factories.ts. Each builds on tests/factories, so a spec's user is made
// the way an integration test's is. Options and results are plain JSON.
import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { AdminRole, CatalogCurrency, KycStatus, QuantityUnit, TradingCountry } from '~/domain'
import { conversationReports, profiles, type ShippingOption } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { getStorage } from '~/lib/storage.server'
import { kycDocumentKey } from '~/modules/kyc/schemas'
import { demoKycPdf } from '../../../db/seed/kyc-document'
import { createAdmin } from '../../factories/admin-account'
import { createProduct } from '../../factories/catalog'
import { createDispute } from '../../factories/disputes'
import { createConversation, createMessage } from '../../factories/messaging'
import { createOrderWithMilestones } from '../../factories/milestones'
import { createOrder } from '../../factories/orders'
import { createUser } from '../../factories/users'

export type E2eUser = { id: string; profileId: string; email: string; password: string; name: string; companyName: string | null }
export type E2eProduct = { id: string; name: string; slug: string }

/** A picture the app serves (public/images/products), for the factories' products. */
const PRODUCT_PICTURE = '/images/products/assam-ctc-tea.svg'

/** The password of every user these factories make (strong enough for the sign-up rules). */
export const E2E_PASSWORD = 'E2e-Pass-2026!'

function emailFor(role: string) {
  return `${role}-${randomUUID().slice(0, 12)}@e2e.test`
}

async function user(opts: {
  role: string
  userType: 'Buyer' | 'Seller'
  name?: string
  companyName?: string | null
  country?: TradingCountry
  kycStatus?: KycStatus | null
  verified?: boolean
}): Promise<E2eUser> {
  const email = emailFor(opts.role)
  const name = opts.name ?? `E2E ${opts.role} ${email.slice(opts.role.length + 1, opts.role.length + 7)}`
  const companyName = opts.companyName === undefined ? (opts.userType === 'Seller' ? `${name} Trading` : null) : opts.companyName
  const created = await createUser({
    email,
    name,
    password: E2E_PASSWORD,
    verified: opts.verified ?? true,
    profile: { userType: opts.userType, country: opts.country ?? 'India', companyName, kycStatus: opts.kycStatus ?? null },
  })
  return { id: created.id, profileId: created.profileId!, email, password: E2E_PASSWORD, name, companyName }
}

export const factories = {
  /** A verified buyer with a complete profile. */
  async buyer(opts: { name?: string; country?: TradingCountry; companyName?: string | null } = {}) {
    return user({ role: 'buyer', userType: 'Buyer', ...opts })
  },

  /**
   * A verified seller: KYC Approved unless `kycStatus` says otherwise; `document` stores a KYC PDF
   * (as an uploaded one would be); `products` are listed under the seller, active, in `categoryId`
   * (default agriculture, a demo category), with `shippingOptions` (default sea and air, as
   * tests/factories/catalog.ts gives).
   */
  async seller(
    opts: {
      name?: string
      companyName?: string | null
      country?: TradingCountry
      kycStatus?: KycStatus | null
      document?: boolean
      products?: {
        name: string
        price?: string
        currency?: CatalogCurrency
        stockQuantity?: number
        minimumOrderQuantity?: number
        categoryId?: string
        /** What the price is per and the quantities count (default: pieces). */
        unit?: QuantityUnit
        attributes?: Record<string, string>
        /** The product page's shipping choices, in order (default: sea 120.00, air 450.00; [] for none). */
        shippingOptions?: ShippingOption[]
      }[]
    } = {},
  ) {
    const { products: wanted = [], document = false, ...rest } = opts
    const seller = await user({ role: 'seller', userType: 'Seller', ...rest, kycStatus: opts.kycStatus === undefined ? 'Approved' : opts.kycStatus })
    if (document) {
      const key = kycDocumentKey(seller.id, 'pdf')
      await getStorage().put(key, demoKycPdf(['KYC document', seller.companyName ?? seller.name]), { contentType: 'application/pdf' })
      await getDb().update(profiles).set({ kycDocumentUrl: key }).where(eq(profiles.id, seller.profileId))
    }
    const products: E2eProduct[] = []
    for (const p of wanted) {
      const slug = `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${randomUUID().slice(0, 6)}`
      const made = await createProduct({
        sellerId: seller.profileId,
        categoryId: p.categoryId ?? 'agriculture',
        price: p.price,
        currency: p.currency,
        stockQuantity: p.stockQuantity,
        minimumOrderQuantity: p.minimumOrderQuantity,
        unit: p.unit,
        attributes: p.attributes,
        shippingOptions: p.shippingOptions,
        // A picture, as every demo product has: listings then look as they do with the demo data.
        mediaFiles: [PRODUCT_PICTURE],
        translations: { en: { name: p.name, slug, description: `${p.name}: made for an end-to-end test.` } },
      })
      products.push({ id: made.id, name: p.name, slug })
    }
    if (products.length) await invalidatePublicPages()
    return { ...seller, products }
  },

  /**
   * A conversation between a new buyer and a new seller about the seller's product, with `lines`
   * (the buyer's first, then alternating), which the buyer reported with `reason`: an open report in
   * the moderation queue.
   */
  async reportedConversation(opts: { buyerName?: string; sellerCompany?: string; lines: string[]; reason: string }) {
    const buyer = await user({ role: 'buyer', userType: 'Buyer', name: opts.buyerName })
    const seller = await factories.seller({ companyName: opts.sellerCompany, products: [{ name: `${opts.sellerCompany ?? 'Catalog'} spices` }] })
    const conversation = await createConversation(buyer.profileId, seller.profileId, { subjectType: 'product', subjectId: seller.products[0]!.id })
    for (const [i, body] of opts.lines.entries()) await createMessage(conversation, i % 2 === 0 ? buyer.profileId : seller.profileId, body)
    const [report] = await getDb()
      .insert(conversationReports)
      .values({ conversationId: conversation.id, reporterId: buyer.profileId, reason: opts.reason })
      .returning({ id: conversationReports.id })
    return { buyer, seller, conversationId: conversation.id, reportId: report!.id }
  },

  /** A Delivered order between a new buyer and a new seller, with an open dispute the buyer opened about it. */
  async dispute(opts: { description?: string } = {}) {
    const buyer = await user({ role: 'buyer', userType: 'Buyer' })
    const seller = await factories.seller({ country: 'Russia' })
    const order = await createOrder(buyer.profileId, seller.profileId, 'Delivered')
    const dispute = await createDispute(order.id, { openedById: buyer.profileId, party: 'buyer', reason: 'not_received', description: opts.description })
    return { buyer, seller, orderId: order.id, shortOrderId: order.id.slice(0, 8), disputeId: dispute.id }
  },

  /**
   * A Pending order of 5,000.00 USD between a new buyer (India) and a new seller (Russia) with payment terms
   * of 30 % on acceptance and 70 % fourteen days after shipment (issue 29): its milestones upcoming.
   */
  async milestoneOrder() {
    const buyer = await user({ role: 'buyer', userType: 'Buyer' })
    const seller = await factories.seller({ country: 'Russia' })
    const order = await createOrderWithMilestones(buyer.profileId, seller.profileId)
    return { buyer, seller, orderId: order.id, shortOrderId: order.id.slice(0, 8) }
  },

  /** An active admin panel account with `role` (default admin). */
  async admin(opts: { role?: AdminRole; fullName?: string } = {}) {
    return createAdmin({ role: opts.role ?? 'admin', email: emailFor(opts.role ?? 'admin'), password: E2E_PASSWORD, fullName: opts.fullName })
  },
}
