// Messaging access (issue 9 items 1, 3 and 6): who may start a conversation about a product, an RFQ, a
// quote or an order; start-or-open is idempotent (also when racing); only the two participants read,
// post or download; anyone else, a forged or a malformed id gets 404 and nothing is written.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/lib/db.server'
import { loader as attachmentLoader } from '~/routes/messages/attachment'
import { action as startAction, loader as startLoader } from '~/routes/messages/start'
import { action as threadAction, loader as threadLoader } from '~/routes/messages/thread'
import { createCategory, createProduct } from '../factories/catalog'
import { makeFile, pdfBytes, useTempStorage } from '../factories/files'
import { createConversation, createMessage, messagingFingerprint } from '../factories/messaging'
import { createOrder } from '../factories/orders'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createSignedInUser, createUser, type SignedInUser, signInCookie } from '../factories/users'
import { callRoute, form } from './account-support'

type Person = SignedInUser

const start = (who: Person | null, fields: Record<string, string>) => callRoute(startAction, '/messages/start', { cookie: who?.cookie ?? null, body: form(fields) })

describe('starting a conversation (/messages/start)', () => {
  let buyer: Person, seller: Person, otherSeller: Person, stranger: Person, pendingSeller: Person
  let productId: string, hiddenProductId: string
  beforeAll(async () => {
    buyer = await createSignedInUser({ userType: 'Buyer', country: 'India', companyName: 'Priya Foods' })
    seller = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: 'Volkov Trading' })
    otherSeller = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    stranger = await createSignedInUser({ userType: 'Buyer', country: 'Russia' })
    pendingSeller = await createSignedInUser({ userType: 'Seller', country: 'India', kycStatus: 'Pending' })
    const category = await createCategory()
    productId = (await createProduct({ categoryId: category.id, sellerId: seller.profileId })).id
    hiddenProductId = (await createProduct({ categoryId: category.id, sellerId: pendingSeller.profileId })).id
  })

  const conversationOf = async (res: Awaited<ReturnType<typeof start>>) => {
    expect(res.status).toBe(302)
    const id = /^\/messages\/([0-9a-f-]{36})$/.exec(res.location ?? '')?.[1]
    expect(id, res.location ?? '').toBeTruthy()
    const r = await getDb().execute(sql`select buyer_id, seller_id, subject_type, subject_id from conversations where id = ${id!}`)
    return { id: id!, row: r.rows[0] as { buyer_id: string; seller_id: string; subject_type: string; subject_id: string } }
  }

  it('product: any signed-in user but its seller, with the seller; twice opens the same conversation', async () => {
    const first = await conversationOf(await start(buyer, { subjectType: 'product', subjectId: productId }))
    expect(first.row).toEqual({ buyer_id: buyer.profileId, seller_id: seller.profileId, subject_type: 'product', subject_id: productId })
    const again = await conversationOf(await start(buyer, { subjectType: 'product', subjectId: productId.toUpperCase() }))
    expect(again.id).toBe(first.id)
    // A seller buys too.
    const bySeller = await conversationOf(await start(otherSeller, { subjectType: 'product', subjectId: productId }))
    expect(bySeller.row.buyer_id).toBe(otherSeller.profileId)
  })

  it('product: its own seller 403, a hidden or unknown product 404, nothing written', async () => {
    const before = await messagingFingerprint()
    expect((await start(seller, { subjectType: 'product', subjectId: productId })).status).toBe(403)
    expect((await start(buyer, { subjectType: 'product', subjectId: hiddenProductId })).status).toBe(404)
    expect((await start(buyer, { subjectType: 'product', subjectId: randomUUID() })).status).toBe(404)
    expect((await start(buyer, { subjectType: 'nonsense', subjectId: productId })).status).toBe(404)
    expect((await start(buyer, { subjectType: 'product', subjectId: 'not-a-uuid' })).status).toBe(404)
    expect(await messagingFingerprint()).toBe(before)
  })

  it('a visitor is sent to sign in and back to the product; a GET goes to the inbox', async () => {
    const res = await start(null, { subjectType: 'product', subjectId: productId })
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/login?redirectTo=${encodeURIComponent(`/products/${productId}`)}`)
    expect((await callRoute(startLoader, '/messages/start', { cookie: buyer.cookie })).location).toBe('/messages')
  })

  it('rfq: the buyer with a seller who quoted or is addressed, such a seller with the buyer; nobody else', async () => {
    const rfq = await createRfq(buyer.profileId)
    await createQuote(rfq!.id, seller.profileId)
    const bySeller = await conversationOf(await start(seller, { subjectType: 'rfq', subjectId: rfq!.id }))
    expect(bySeller.row).toMatchObject({ buyer_id: buyer.profileId, seller_id: seller.profileId, subject_type: 'rfq' })
    const byBuyer = await conversationOf(await start(buyer, { subjectType: 'rfq', subjectId: rfq!.id, with: seller.profileId }))
    expect(byBuyer.id).toBe(bySeller.id)
    const before = await messagingFingerprint()
    expect((await start(otherSeller, { subjectType: 'rfq', subjectId: rfq!.id })).status).toBe(404)
    expect((await start(buyer, { subjectType: 'rfq', subjectId: rfq!.id, with: otherSeller.profileId })).status).toBe(404)
    expect((await start(buyer, { subjectType: 'rfq', subjectId: rfq!.id })).status).toBe(404)
    expect((await start(stranger, { subjectType: 'rfq', subjectId: rfq!.id, with: seller.profileId })).status).toBe(404)
    expect(await messagingFingerprint()).toBe(before)
    // A product request: its addressed seller may write before quoting.
    const request = await createRfq(buyer.profileId, { productId, sellerId: otherSeller.profileId })
    const addressed = await conversationOf(await start(otherSeller, { subjectType: 'rfq', subjectId: request!.id }))
    expect(addressed.row).toMatchObject({ buyer_id: buyer.profileId, seller_id: otherSeller.profileId })
  })

  it('quote and order: their two parties only', async () => {
    const rfq = await createRfq(buyer.profileId)
    const quote = await createQuote(rfq!.id, seller.profileId)
    const q1 = await conversationOf(await start(buyer, { subjectType: 'quote', subjectId: quote!.id }))
    const q2 = await conversationOf(await start(seller, { subjectType: 'quote', subjectId: quote!.id }))
    expect(q2.id).toBe(q1.id)
    expect(q1.row).toMatchObject({ buyer_id: buyer.profileId, seller_id: seller.profileId, subject_type: 'quote' })
    const order = await createOrder(buyer.profileId, seller.profileId)
    const o1 = await conversationOf(await start(seller, { subjectType: 'order', subjectId: order.id }))
    expect(o1.row).toMatchObject({ buyer_id: buyer.profileId, seller_id: seller.profileId, subject_type: 'order', subject_id: order.id })
    const before = await messagingFingerprint()
    for (const [type, id] of [['quote', quote!.id], ['order', order.id]] as const) {
      expect((await start(stranger, { subjectType: type, subjectId: id })).status).toBe(404)
      expect((await start(otherSeller, { subjectType: type, subjectId: id })).status).toBe(404)
    }
    expect(await messagingFingerprint()).toBe(before)
  })

  it('makes one conversation when the same start races', async () => {
    const product = await createProduct({ sellerId: seller.profileId })
    const results = await Promise.all(Array.from({ length: 6 }, () => start(stranger, { subjectType: 'product', subjectId: product.id })))
    const locations = new Set(results.map((r) => r.location))
    expect(results.every((r) => r.status === 302)).toBe(true)
    expect(locations.size).toBe(1)
    const r = await getDb().execute(sql`select count(*)::int as n from conversations where subject_id = ${product.id}`)
    expect((r.rows[0] as { n: number }).n).toBe(1)
  })
})

describe('reading a conversation and its attachments', () => {
  let buyer: Person, seller: Person, stranger: Person, incomplete: Awaited<ReturnType<typeof createUser>> & { cookie: string }
  let conversationId: string
  let attachmentUrl: string
  const files = useTempStorage()
  afterAll(() => files.cleanup())
  beforeAll(async () => {
    buyer = await createSignedInUser({ userType: 'Buyer', country: 'India' })
    seller = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    stranger = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    const u = await createUser({ profile: null })
    incomplete = { ...u, cookie: await signInCookie(u.email, u.password) }
    const conversation = await createConversation(buyer.profileId, seller.profileId)
    conversationId = conversation.id
    await createMessage(conversation, buyer.profileId, 'Hello <b>seller</b>')
    const sent = await callRoute(threadAction, `/messages/${conversationId}`, {
      cookie: seller.cookie,
      params: { conversationId },
      body: form({ intent: 'send', body: 'Our offer', clientKey: randomUUID(), files: makeFile(pdfBytes(), 'offer.pdf') }),
    })
    expect(sent.status, JSON.stringify(sent.data)).toBe(200)
    const view = await callRoute(threadLoader, `/messages/${conversationId}`, { cookie: buyer.cookie, params: { conversationId } })
    const thread = (view.data as { thread: { messages: { attachments: { url: string }[] }[] } }).thread
    attachmentUrl = thread.messages[1]!.attachments[0]!.url
  })

  it('shows the thread to both participants, text as sent', async () => {
    for (const who of [buyer, seller]) {
      const res = await callRoute(threadLoader, `/messages/${conversationId}`, { cookie: who.cookie, params: { conversationId } })
      expect(res.status).toBe(200)
      const { thread } = res.data as { thread: { messages: { body: string; mine: boolean }[] } }
      expect(thread.messages.map((m) => m.body)).toEqual(['Hello <b>seller</b>', 'Our offer'])
      expect(thread.messages[0]!.mine).toBe(who === buyer)
    }
  })

  it('gives anyone else, a forged or a malformed id the 404, and writes nothing', async () => {
    const before = await messagingFingerprint()
    for (const [who, id] of [
      [stranger, conversationId],
      [buyer, randomUUID()],
      [buyer, 'not-a-uuid'],
    ] as const) {
      expect((await callRoute(threadLoader, `/messages/${id}`, { cookie: who.cookie, params: { conversationId: id } })).status).toBe(404)
      for (const intent of ['send', 'read', 'report', 'block']) {
        const res = await callRoute(threadAction, `/messages/${id}`, {
          cookie: who.cookie,
          params: { conversationId: id },
          body: form({ intent, body: 'intrusion', clientKey: randomUUID(), seq: '999999', reason: 'spam' }),
        })
        expect(res.status, `${intent}`).toBe(404)
      }
    }
    expect((await callRoute(threadLoader, `/messages/${conversationId}`, { cookie: incomplete.cookie, params: { conversationId } })).status).toBe(404)
    const visitor = await callRoute(threadLoader, `/messages/${conversationId}`, { params: { conversationId } })
    expect(visitor.status).toBe(302)
    expect(visitor.location).toContain('/login?redirectTo=')
    expect(await messagingFingerprint()).toBe(before)
  })

  it('lets only the participants download an attachment, privately, as a download of its type', async () => {
    const [, , , , attachmentId] = attachmentUrl.split('/')
    const params = { conversationId, attachmentId: attachmentId! }
    for (const who of [buyer, seller]) {
      const res = await callRoute(attachmentLoader, attachmentUrl, { cookie: who.cookie, params })
      expect(res.status).toBe(200)
      expect(res.response!.headers.get('Content-Type')).toBe('application/pdf')
      expect(res.response!.headers.get('Content-Disposition')).toBe(`attachment; filename="offer.pdf"; filename*=UTF-8''offer.pdf`)
      expect(res.response!.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.response!.headers.get('Cache-Control')).toBe('private, no-store')
      expect(new Uint8Array(await res.response!.arrayBuffer())).toEqual(pdfBytes())
    }
    expect((await callRoute(attachmentLoader, attachmentUrl, { cookie: stranger.cookie, params })).status).toBe(404)
    expect((await callRoute(attachmentLoader, attachmentUrl, { cookie: buyer.cookie, params: { conversationId: randomUUID(), attachmentId: attachmentId! } })).status).toBe(404)
    expect((await callRoute(attachmentLoader, attachmentUrl, { cookie: buyer.cookie, params: { conversationId, attachmentId: randomUUID() } })).status).toBe(404)
    expect((await callRoute(attachmentLoader, attachmentUrl, { params })).status).toBe(302)
  })

  it('keeps the file in private storage under messages/<conversation>/, never its key in the page', async () => {
    const stored = files.listFiles().filter((f) => !f.split('/').pop()!.startsWith('.'))
    expect(stored).toEqual([expect.stringMatching(new RegExp(`^messages/${conversationId}/[0-9a-f-]{36}\\.pdf$`))])
    const view = await callRoute(threadLoader, `/messages/${conversationId}`, { cookie: buyer.cookie, params: { conversationId } })
    const storedName = stored[0]!.split('/').pop()!.replace(/\.pdf$/, '')
    expect(JSON.stringify(view.data)).not.toContain(storedName)
  })
})
