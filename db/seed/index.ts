import { randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { defaultCurrencyOf, LANGUAGES } from '~/domain'
import type { Db } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import { kycDocumentKey } from '~/modules/kyc/schemas'
import {
  accounts,
  adminAccounts,
  adminUsers,
  categories,
  categoryTranslations,
  productTranslations,
  products,
  profiles,
  users,
} from '../schema'
import { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_TRADE_DETAILS, type DemoAccount } from './accounts'
import { demoCategories } from './categories'
import { demoKycPdf } from './kyc-document'
import { demoProducts } from './products'
import { demoSellers } from './sellers'
import { demoBuyers, insertTradeData } from './trade'
import { insertModerationData } from './moderation'
import { insertPaymentData } from './payments'
import { insertDemoViews } from './views'
import { insertDemoRates } from './rates'

export { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_PASSWORD } from './accounts'
export { demoCategories, FEATURED_CATEGORY_IDS, TOP_LEVEL_CATEGORY_IDS } from './categories'
export { demoProducts, NEW_LAUNCH_PRODUCT_IDS } from './products'
export { demoSellers, SELLER_IDS } from './sellers'
export { DEMO_RATE_DAYS_AGO, demoRates } from './rates'
export { demoPaymentPlans, demoProofKey } from './payments'
export { BUYER_IDS, DEMO_ORDER_IDS, DEMO_RFQ_IDS, demoBuyers, demoDirectOrders, demoRfqs } from './trade'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Serialises concurrent seeders on one PostgreSQL server (two app instances starting together). */
const SEED_LOCK_KEY = 7_461_838_201

/** The marker of an installed demo: its first category. */
const MARKER_CATEGORY_ID = 'wellness'

const DAY_MS = 24 * 60 * 60 * 1000

async function isSeeded(db: Db | Tx) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, MARKER_CATEGORY_ID))
    .limit(1)
  return rows.length > 0
}

/** Days-ago as a timestamp; sub-day values keep the newest listings in a stable order. */
function daysAgo(now: number, days: number) {
  return new Date(now - Math.round(days * DAY_MS))
}

/** How long ago each demo login joined (the seller's profile is also a catalog seller). */
const ACCOUNT_JOINED_DAYS_AGO: Record<keyof typeof DEMO_ACCOUNTS, number> = {
  buyer: 45,
  seller: demoSellers.find((s) => s.id === DEMO_ACCOUNTS.seller.profileId)?.joinedDaysAgo ?? 240,
  pendingSeller: 3,
}

/**
 * Loads the demo data once: categories, catalog sellers, products with en/ru/hi texts, the
 * demo logins (DEMO_ACCOUNTS) and the demo market (trade.ts). Returns created: false, changing
 * nothing, when the demo is already there. Everything is inserted in one transaction.
 */
export async function seedDemoData(db: Db): Promise<{ created: boolean }> {
  if (await isSeeded(db)) return { created: false }

  // scrypt is slow on purpose: hash before the transaction opens.
  const accountEntries = Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, DemoAccount][]
  const logins = await Promise.all(
    accountEntries.map(async ([key, account]) => ({
      key,
      account,
      userId: randomUUID(),
      passwordHash: await hashPassword(account.password),
    })),
  )

  const adminLogins = await Promise.all(
    Object.values(DEMO_ADMINS).map(async (admin) => ({ admin, id: randomUUID(), passwordHash: await hashPassword(admin.password) })),
  )

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`))
    if (await isSeeded(tx)) return { created: false }

    const demoEmails = [...logins.map((l) => l.account.email), ...demoSellers.map((s) => s.email), ...demoBuyers.map((b) => b.email)]
    const taken = [
      ...(await tx.select({ email: users.email }).from(users).where(inArray(users.email, demoEmails))),
      ...(await tx.select({ email: profiles.email }).from(profiles).where(inArray(profiles.email, demoEmails))),
    ]
    if (taken.length > 0) {
      throw new Error(
        `Cannot load the demo data: ${[...new Set(taken.map((t) => t.email))].join(', ')} ` +
          `already registered. Start with an empty database, or set SEED_DEMO_DATA=false.`,
      )
    }

    const now = Date.now()

    await tx.insert(users).values(
      logins.map(({ key, account, userId }) => {
        const joined = daysAgo(now, ACCOUNT_JOINED_DAYS_AGO[key])
        return { id: userId, name: account.name, email: account.email, emailVerified: true, createdAt: joined, updatedAt: joined }
      }),
    )
    await tx.insert(accounts).values(
      logins.map(({ key, userId, passwordHash }) => {
        const joined = daysAgo(now, ACCOUNT_JOINED_DAYS_AGO[key])
        return {
          id: randomUUID(),
          accountId: userId,
          providerId: 'credential',
          userId,
          password: passwordHash,
          createdAt: joined,
          updatedAt: joined,
        }
      }),
    )

    // The demo admins (ADR 012): their own identity tables, not users/accounts. An address already
    // taken by a real admin is left alone.
    const takenAdmins = new Set(
      (await tx.select({ email: adminUsers.email }).from(adminUsers).where(inArray(adminUsers.email, adminLogins.map((a) => a.admin.email)))).map((r) => r.email),
    )
    const newAdmins = adminLogins.filter((a) => !takenAdmins.has(a.admin.email))
    if (newAdmins.length > 0) {
      await tx.insert(adminUsers).values(newAdmins.map(({ admin, id }) => ({ id, email: admin.email, name: admin.fullName, role: admin.role, emailVerified: true, isActive: true })))
      await tx.insert(adminAccounts).values(newAdmins.map(({ id, passwordHash }) => ({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash })))
    }

    // Parents first: subcategories reference them.
    const ordered = [...demoCategories].sort((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null))
    await tx.insert(categories).values(
      ordered.map((c) => ({ id: c.id, parentId: c.parentId, icon: c.icon, sortOrder: c.sortOrder, createdAt: daysAgo(now, 420) })),
    )
    await tx.insert(categoryTranslations).values(
      demoCategories.flatMap((c) =>
        LANGUAGES.map((languageCode) => ({
          categoryId: c.id,
          languageCode,
          name: c.translations[languageCode].name,
          description: c.translations[languageCode].description,
        })),
      ),
    )

    const userIdByProfile = new Map(logins.map((l) => [l.account.profileId, l.userId]))
    const sellerProfileIds = new Set(demoSellers.map((s) => s.id))
    await tx.insert(profiles).values([
      ...demoSellers.map(({ joinedDaysAgo, ...s }) => {
        const joined = daysAgo(now, joinedDaysAgo)
        return { ...s, ...DEMO_TRADE_DETAILS[s.id], userId: userIdByProfile.get(s.id) ?? null, preferredCurrency: defaultCurrencyOf(s.country), createdAt: joined, updatedAt: joined }
      }),
      // Demo logins that are not catalog sellers (the buyer and the seller awaiting KYC review).
      ...logins
        .filter((l) => !sellerProfileIds.has(l.account.profileId))
        .map(({ key, account, userId }) => {
          const joined = daysAgo(now, ACCOUNT_JOINED_DAYS_AGO[key])
          return {
            id: account.profileId,
            userId,
            name: account.name,
            email: account.email,
            country: account.country,
            preferredCurrency: defaultCurrencyOf(account.country),
            phoneNumber: account.phoneNumber,
            userType: account.userType,
            companyName: account.companyName,
            kycStatus: account.kycStatus,
            // The pending seller's document, written to storage below, awaits the admin's review.
            kycDocumentUrl: key === 'pendingSeller' ? kycDocumentKey(userId, 'pdf') : null,
            preferredLanguage: 'en',
            ...DEMO_TRADE_DETAILS[account.profileId],
            createdAt: joined,
            updatedAt: joined,
          }
        }),
    ])

    await tx.insert(products).values(
      demoProducts.map(({ translations: _t, ageDays, isActive, ...p }) => {
        const created = daysAgo(now, ageDays)
        return { ...p, isActive: isActive ?? true, createdAt: created, updatedAt: created }
      }),
    )
    await tx.insert(productTranslations).values(
      demoProducts.flatMap((p) =>
        LANGUAGES.map((languageCode) => ({ productId: p.id, languageCode, ...p.translations[languageCode] })),
      ),
    )

    // A few weeks of dated exchange rates (issue 28), the newest effective today; before the market,
    // whose offers and orders are stamped with the rates in force when they were made.
    await insertDemoRates(tx, now)
    // The market: buyers without logins, RFQs, quotes in several rounds, orders in every status.
    await insertTradeData(tx, now)
    // Payment terms and milestones in every state on the demo buyer's orders with the demo seller (issue 29).
    const proofs = await insertPaymentData(tx, now)
    // Two reported conversations for the admin panel's moderation queue.
    await insertModerationData(tx, now)
    // A few weeks of product views, for the analytics and the sellers' view counters.
    await insertDemoViews(tx, now)

    // The pending seller's KYC document, through the app's storage (written last: a failed insert above
    // leaves no file behind; a failed commit after this leaves one unreferenced file, which is harmless).
    const pending = logins.find((l) => l.key === 'pendingSeller')
    if (pending) {
      const a = pending.account
      const pdf = demoKycPdf(['Certificate of Registration (demo)', `Company: ${a.companyName}`, `Proprietor: ${a.name}`, `Country: ${a.country}`, 'Issued for the Setu demo; not a real document.'])
      await getStorage().put(kycDocumentKey(pending.userId, 'pdf'), pdf, { contentType: 'application/pdf' })
    }
    // The demo proofs of payment, the same way.
    for (const proof of proofs) await getStorage().put(proof.key, proof.bytes, { contentType: 'application/pdf' })

    return { created: true }
  })
}
