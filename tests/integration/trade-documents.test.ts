// Trade documents (issue 29 item 4, ADR 032): the PDFs are opened with a PDF parser (pdfjs-dist) and
// read as a customs broker would; numbers are unique per seller, kind and year even when issued at
// once; a changed order gets a new version and the old one stays; only the two parties can download.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orders, profiles, tradeDocuments } from '../../db/schema'
import { ADMIN_CLIENT, signedInAdmin } from '../factories/admins'
import { callRoute } from './account-support'
import { createOrder } from '../factories/orders'
import { createOrderWithMilestones } from '../factories/milestones'
import { createUser, signInCookie } from '../factories/users'
import { getDb } from '~/lib/db.server'
import { getStorage, LocalDiskStorage, setStorage } from '~/lib/storage.server'
import { issueDocument } from '~/modules/documents/commands.server'
import { issueMissingDocuments } from '~/modules/documents/jobs.server'
import { listOrderDocuments, readDocumentForParty } from '~/modules/documents/queries.server'
import { changeOrderStatus } from '~/modules/orders/commands.server'
import { loader as adminDocumentLoader } from '~/routes/admin/order-document'
import { loader as documentLoader } from '~/routes/trade/order-document'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'setu-documents-'))
  setStorage(new LocalDiskStorage(dir))
})
afterAll(() => {
  setStorage(undefined)
  rmSync(dir, { recursive: true, force: true })
})

/** Every text item of every page, joined per page with spaces (as a reader sees the lines). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
  const pdf = await task.promise
  const pages: string[] = []
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await task.destroy()
  return pages.join('\n')
}

async function parties(buyerCountry: 'Russia' | 'India' = 'Russia') {
  const seller = await createUser({ profile: { userType: 'Seller', country: 'India', companyName: 'Kaveri Spices Pvt Ltd', kycStatus: 'Approved' } })
  const buyer = await createUser({ profile: { userType: 'Buyer', country: buyerCountry, companyName: buyerCountry === 'Russia' ? 'ООО «Пряности Урала»' : 'श्री कृष्ण ट्रेडर्स' } })
  return { sellerId: seller.profileId!, buyerId: buyer.profileId!, buyer }
}

const year = new Date().getUTCFullYear()

describe('trade document PDFs', () => {
  it('prints the structured payment terms in both languages with each milestone\'s exact amount', async () => {
    const { sellerId, buyerId } = await parties('Russia')
    const order = await createOrderWithMilestones(buyerId, sellerId, { status: 'Accepted' })
    const issued = await issueDocument(order.id, 'proforma')
    const [row] = await getDb().select().from(tradeDocuments).where(eq(tradeDocuments.id, issued!.id))
    const text = await pdfText((await getStorage().get(row!.storageKey))!.bytes)
    for (const printed of ['Bank transfer (T/T)', 'Банковский перевод (T/T)', '30 % on order accepted', '30 % при принятии заказа', '$1,500.00', '$3,500.00']) expect(text).toContain(printed)
  })

  it("prints both parties' registered addresses and the seller's bank account (BIK and correspondent account for a Russian bank)", async () => {
    const { sellerId, buyerId } = await parties('Russia')
    await getDb()
      .update(profiles)
      .set({ registeredAddress: '12 MG Road, Kochi 682016', bankName: 'Sberbank', bankAccountName: 'Kaveri Spices Pvt Ltd', bankAccountNumber: '40702810900000012345', bankSwift: 'SABRRUMM', bankBik: '044525225', bankCorrespondentAccount: '30101810400000000225' })
      .where(eq(profiles.id, sellerId))
    await getDb().update(profiles).set({ registeredAddress: 'Екатеринбург, ул. Ленина, 5' }).where(eq(profiles.id, buyerId))
    const order = await createOrder(buyerId, sellerId, 'Accepted')
    const issued = await issueDocument(order.id, 'proforma')
    const [row] = await getDb().select().from(tradeDocuments).where(eq(tradeDocuments.id, issued!.id))
    const text = await pdfText((await getStorage().get(row!.storageKey))!.bytes)
    for (const printed of ['12 MG Road, Kochi 682016', 'Екатеринбург, ул. Ленина, 5', 'Sberbank', '40702810900000012345', 'SABRRUMM', '044525225', '30101810400000000225', 'БИК']) expect(text).toContain(printed)
  })

  it('a proforma for a Russian buyer prints the buyer in Cyrillic, the amounts, the number, in English and Russian', async () => {
    const { sellerId, buyerId } = await parties('Russia')
    const order = await createOrder(buyerId, sellerId, 'Accepted')
    const issued = await issueDocument(order.id, 'proforma')
    expect(issued).toMatchObject({ number: `PI-${year}-0001`, version: 1, created: true })
    const [row] = await getDb().select().from(tradeDocuments).where(eq(tradeDocuments.id, issued!.id))
    expect(row).toMatchObject({ languages: 'en+ru', kind: 'proforma' })
    const stored = await getStorage().get(row!.storageKey)
    expect(stored?.contentType).toBe('application/pdf')
    expect(Buffer.from(stored!.bytes.slice(0, 5)).toString()).toBe('%PDF-')
    const text = await pdfText(stored!.bytes)
    expect(text).toContain('ООО «Пряности Урала»')
    expect(text).toContain('Kaveri Spices Pvt Ltd')
    expect(text).toContain(`PI-${year}-0001`)
    // 4 × $1,250.00 = $5,000.00 (the factory's order), exact.
    expect(text).toContain('$1,250.00')
    expect(text).toContain('$5,000.00')
    expect(text).toContain('Proforma invoice')
    expect(text).toContain('Счёт-проформа')
    expect(text).toContain('FOB Nhava Sheva')
  })

  it('a commercial invoice for an Indian buyer is in English and Hindi, and the packing list carries no prices', async () => {
    const { sellerId, buyerId } = await parties('India')
    const order = await createOrder(buyerId, sellerId, 'Shipped')
    const invoice = await issueDocument(order.id, 'commercial_invoice')
    const packing = await issueDocument(order.id, 'packing_list')
    expect(invoice?.number).toBe(`CI-${year}-0001`)
    expect(packing?.number).toBe(`PL-${year}-0001`)
    const list = await listOrderDocuments(buyerId, order.id)
    expect(list.map((d) => d.languages)).toEqual(['en+hi', 'en+hi'])
    const invoiceText = await pdfText((await readDocumentForParty(buyerId, order.id, invoice!.id))!.bytes)
    expect(invoiceText).toContain('Commercial invoice')
    expect(invoiceText).toContain('$5,000.00')
    const packingText = await pdfText((await readDocumentForParty(sellerId, order.id, packing!.id))!.bytes)
    expect(packingText).toContain('Packing list')
    expect(packingText).not.toContain('$')
  })
})

describe('document numbers', () => {
  it('two proformas of one seller issued at once get different numbers, in sequence', async () => {
    const { sellerId, buyerId } = await parties()
    const [a, b] = await Promise.all([createOrder(buyerId, sellerId, 'Accepted'), createOrder(buyerId, sellerId, 'Accepted')])
    const issued = await Promise.all([issueDocument(a.id, 'proforma'), issueDocument(b.id, 'proforma')])
    expect(issued.map((d) => d!.number).sort()).toEqual([`PI-${year}-0001`, `PI-${year}-0002`])
  })

  it('the same order issued twice at once makes one document', async () => {
    const { sellerId, buyerId } = await parties()
    const order = await createOrder(buyerId, sellerId, 'Accepted')
    const both = await Promise.all([issueDocument(order.id, 'proforma'), issueDocument(order.id, 'proforma')])
    expect(both.filter((d) => d!.created)).toHaveLength(1)
    expect(both[0]!.id).toBe(both[1]!.id)
    expect(await listOrderDocuments(sellerId, order.id)).toHaveLength(1)
  })

  it('each seller and kind counts on its own', async () => {
    const first = await parties()
    const second = await parties()
    const a = await createOrder(first.buyerId, first.sellerId, 'Shipped')
    const b = await createOrder(second.buyerId, second.sellerId, 'Shipped')
    expect((await issueDocument(a.id, 'commercial_invoice'))?.number).toBe(`CI-${year}-0001`)
    expect((await issueDocument(b.id, 'commercial_invoice'))?.number).toBe(`CI-${year}-0001`)
    expect((await issueDocument(a.id, 'proforma'))?.number).toBe(`PI-${year}-0001`)
  })
})

describe('versions', () => {
  it('an unchanged order keeps its document; a changed one gets version 2 with the same number, and version 1 stays', async () => {
    const { sellerId, buyerId } = await parties()
    const order = await createOrder(buyerId, sellerId, 'Accepted')
    const v1 = await issueDocument(order.id, 'proforma')
    const again = await issueDocument(order.id, 'proforma')
    expect(again).toEqual({ ...v1, created: false })
    await getDb().update(orders).set({ incotermPlace: 'Chennai' }).where(eq(orders.id, order.id))
    const v2 = await issueDocument(order.id, 'proforma')
    expect(v2).toMatchObject({ number: v1!.number, version: 2, created: true })
    expect(v2!.sha256).not.toBe(v1!.sha256)
    const list = await listOrderDocuments(buyerId, order.id)
    expect(list.map((d) => [d.number, d.version])).toEqual([
      [v1!.number, 1],
      [v1!.number, 2],
    ])
    const first = await readDocumentForParty(buyerId, order.id, v1!.id)
    expect(await pdfText(first!.bytes)).toContain('FOB Nhava Sheva')
    expect(await pdfText((await readDocumentForParty(buyerId, order.id, v2!.id))!.bytes)).toContain('FOB Chennai')
  })
})

describe('who gets a document', () => {
  it('the two parties read it; a stranger, another order or a malformed id get nothing', async () => {
    const { sellerId, buyerId } = await parties()
    const stranger = await createUser({ profile: { userType: 'Buyer', country: 'Russia' } })
    const order = await createOrder(buyerId, sellerId, 'Accepted')
    const other = await createOrder(buyerId, sellerId, 'Accepted')
    const doc = await issueDocument(order.id, 'proforma')
    expect((await readDocumentForParty(buyerId, order.id, doc!.id))?.fileName).toBe(`${doc!.number}-v1.pdf`)
    expect(await readDocumentForParty(sellerId, order.id, doc!.id)).not.toBeNull()
    expect(await readDocumentForParty(stranger.profileId!, order.id, doc!.id)).toBeNull()
    expect(await listOrderDocuments(stranger.profileId!, order.id)).toEqual([])
    expect(await readDocumentForParty(buyerId, other.id, doc!.id)).toBeNull()
    expect(await readDocumentForParty(buyerId, 'x', 'y')).toBeNull()
  })
})

describe('when documents are made', () => {
  it('the seller accepting an order leaves a proforma due, and the sweep issues it once', async () => {
    const { sellerId, buyerId } = await parties()
    const order = await createOrder(buyerId, sellerId, 'Pending')
    expect((await changeOrderStatus(sellerId, order.id, 'Accepted', null)).ok).toBe(true)
    await issueMissingDocuments()
    await issueMissingDocuments()
    const list = await listOrderDocuments(buyerId, order.id)
    expect(list.map((d) => [d.kind, d.version])).toEqual([['proforma', 1]])
  })
})

describe('downloading', () => {
  it('the buyer gets the PDF as an attachment with a safe name; a stranger gets 404 in their language; an admin download is audited', async () => {
    const { sellerId, buyerId, buyer } = await parties()
    const order = await createOrder(buyerId, sellerId, 'Accepted')
    const doc = await issueDocument(order.id, 'proforma')
    const path = `/orders/${order.id}/documents/${doc!.id}`
    const params = { id: order.id, documentId: doc!.id }
    const mine = await callRoute(documentLoader, path, { cookie: await signInCookie(buyer.email, buyer.password), params })
    expect(mine.status).toBe(200)
    expect(mine.response!.headers.get('Content-Type')).toBe('application/pdf')
    expect(mine.response!.headers.get('Content-Disposition')).toBe(`attachment; filename="${doc!.number}-v1.pdf"`)
    expect(await pdfText(new Uint8Array(await mine.response!.arrayBuffer()))).toContain(doc!.number)

    const stranger = await createUser({ profile: { userType: 'Buyer', country: 'Russia' } })
    const refused = await callRoute(documentLoader, path, { cookie: await signInCookie(stranger.email, stranger.password), params, headers: { 'Accept-Language': 'ru' } })
    expect(refused.status).toBe(404)
    expect(await refused.response!.text()).toBe('Такого документа нет, или открыть его вы не можете.')

    const admin = await signedInAdmin('moderator')
    const opened = await callRoute(adminDocumentLoader, `/admin${path}`, { cookie: admin.cookie, params, headers: ADMIN_CLIENT })
    expect(opened.status).toBe(200)
    expect(opened.response!.headers.get('Content-Type')).toBe('application/pdf')
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.targetId, doc!.id))
    expect(audit).toMatchObject([{ action: 'trade_document_view', adminEmail: admin.email.toLowerCase(), targetType: 'trade_document', newValue: { order: order.id, number: doc!.number, version: 1 } }])
  })
})
