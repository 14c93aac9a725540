// The inbox and the thread (issue 9 items 2 and 3): newest activity first, 20 a page, search by the other
// party or the product (wildcards taken literally), unread counts per conversation and in total, read
// marks moved by the page's 'read' post (never by the GET), read receipts, "Load earlier".
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { conversations } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { countUnreadMessages, listInbox, listThreadMessages, listUnreadByConversation, type InboxPage, type ThreadDto } from '~/modules/messaging/queries.server'
import { loader as inboxLoader } from '~/routes/messages/inbox'
import { action as threadAction, loader as threadLoader } from '~/routes/messages/thread'
import { loader as sellerTabLoader } from '~/routes/seller/messages'
import { createCategory, createProduct } from '../factories/catalog'
import { createConversation, createMessage } from '../factories/messaging'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form } from './account-support'

async function person(profile: CreateUserOptions['profile'], name?: string) {
  const u = await createUser({ profile, name })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

describe('the inbox', () => {
  let buyer: Awaited<ReturnType<typeof person>>
  let sellers: Awaited<ReturnType<typeof person>>[]
  beforeAll(async () => {
    buyer = await person({ userType: 'Buyer', country: 'India', companyName: 'Priya Foods' }, 'Priya Sharma')
    sellers = [
      await person({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: 'Volkov Trading' }, 'Alexei Volkov'),
      await person({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: '100% Honey_Co' }, 'Olga Medova'),
    ]
  })

  it('lists conversations newest first with the other party, subject, last message and unread count', async () => {
    const category = await createCategory()
    const oil = await createProduct({ categoryId: category.id, sellerId: sellers[0]!.profileId, translations: { en: { name: 'Sunflower oil', description: 'Refined' }, ru: { name: 'Подсолнечное масло', description: 'Рафинированное' } } })
    const honey = await createProduct({ categoryId: category.id, sellerId: sellers[1]!.profileId, translations: { en: { name: 'Wildflower honey', description: 'Raw' } } })
    const a = await createConversation(buyer.profileId, sellers[0]!.profileId, { subjectId: oil.id })
    const b = await createConversation(buyer.profileId, sellers[1]!.profileId, { subjectId: honey.id })
    const t0 = Date.now() - 60_000
    await createMessage(a, buyer.profileId, 'Price for 20 t?', { at: new Date(t0) })
    await createMessage(a, sellers[0]!.profileId, 'USD 1,150 per tonne FOB.', { at: new Date(t0 + 1000) })
    await createMessage(a, sellers[0]!.profileId, 'x'.repeat(300), { at: new Date(t0 + 2000) })
    await createMessage(b, sellers[1]!.profileId, 'Samples ready', { at: new Date(t0 + 3000) })
    const res = await callRoute(inboxLoader, '/messages', { cookie: buyer.cookie })
    const inbox = (res.data as { inbox: InboxPage }).inbox
    expect(inbox.items.map((i) => i.id)).toEqual([b.id, a.id])
    expect(inbox.items[1]).toMatchObject({
      role: 'buyer',
      other: { name: 'Alexei Volkov', company: 'Volkov Trading', country: 'Russia' },
      subject: { type: 'product', title: 'Sunflower oil', path: `/products/${oil.id}` },
      unread: 2,
      lastMessage: { mine: false },
    })
    expect(Array.from(inbox.items[1]!.lastMessage!.body).length).toBeLessThanOrEqual(161)
    expect(inbox.items[0]!.unread).toBe(1)
    expect(await countUnreadMessages(buyer.profileId)).toBe(3)
    expect((await listUnreadByConversation(buyer.profileId)).sort((x, y) => x.unread - y.unread)).toEqual([
      { conversationId: b.id, unread: 1 },
      { conversationId: a.id, unread: 2 },
    ])
    // The seller sees the same conversation from their side, in their language, with nothing unread.
    const sellerView = await listInbox(sellers[0]!.profileId, { locale: 'ru' })
    expect(sellerView.items[0]).toMatchObject({ role: 'seller', other: { name: 'Priya Sharma', company: 'Priya Foods', country: 'India' }, subject: { title: 'Подсолнечное масло' }, unread: 0 })
    // The seller dashboard's tab shows the same inbox.
    const tab = await callRoute(sellerTabLoader, '/dashboard/messages', { cookie: sellers[0]!.cookie })
    expect((tab.data as { inbox: InboxPage }).inbox.items.map((i) => i.id)).toEqual([a.id])
  })

  it('searches the other party’s name and company and the product, with wildcards taken literally', async () => {
    const ids = async (q: string) => (await listInbox(buyer.profileId, { q })).items.map((i) => i.other.name)
    expect(await ids('volkov')).toEqual(['Alexei Volkov'])
    expect(await ids('MEDOVA')).toEqual(['Olga Medova'])
    expect(await ids('подсолнечное')).toEqual(['Alexei Volkov'])
    expect(await ids('honey')).toEqual(['Olga Medova'])
    expect(await ids('100%')).toEqual(['Olga Medova'])
    expect(await ids('%')).toEqual(['Olga Medova'])
    expect(await ids('_')).toEqual(['Olga Medova'])
    expect(await ids('nothing like this')).toEqual([])
    const res = await callRoute(inboxLoader, '/messages?q=zzz', { cookie: buyer.cookie })
    expect((res.data as { inbox: InboxPage }).inbox).toMatchObject({ items: [], q: 'zzz' })
  })

  it('pages 20 at a time on the server', async () => {
    const someone = await person({ userType: 'Buyer', country: 'India' })
    const created: string[] = []
    for (let i = 0; i < 23; i++) {
      const c = await createConversation(someone.profileId, sellers[i % 2]!.profileId)
      await createMessage(c, sellers[i % 2]!.profileId, `m${i}`, { at: new Date(Date.now() - (100 - i) * 1000) })
      created.push(c.id)
    }
    const first = await listInbox(someone.profileId, { page: 1 })
    const second = await listInbox(someone.profileId, { page: 2 })
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 })
    expect(first.items).toHaveLength(20)
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual([...created].reverse())
    expect((await listInbox(someone.profileId, { page: 99 })).page).toBe(2)
  })
})

describe('the thread: read marks and receipts', () => {
  it('marks read only on the page’s post, shows "Read" to the sender, and loads earlier messages', async () => {
    const buyer = await person({ userType: 'Buyer', country: 'India' })
    const seller = await person({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    const c = await createConversation(buyer.profileId, seller.profileId)
    const base = Date.now() - 120_000
    // The buyer writes the first five (sending moves one's own read mark), the seller the rest.
    for (let i = 0; i < 55; i++) await createMessage(c, i < 5 ? buyer.profileId : seller.profileId, `message ${i}`, { at: new Date(base + i * 1000) })
    const open = async (who: typeof buyer, query = '') =>
      (await callRoute(threadLoader, `/messages/${c.id}${query}`, { cookie: who.cookie, params: { conversationId: c.id } })).data as { thread: ThreadDto }
    const first = (await open(buyer)).thread
    expect(first.messages).toHaveLength(50)
    expect(first.messages[0]!.body).toBe('message 5')
    expect(first.messages.at(-1)!.body).toBe('message 54')
    expect(first.hasEarlier).toBe(true)
    expect(first.unread).toBe(50)
    // The GET wrote nothing.
    expect((await open(buyer)).thread.unread).toBe(50)
    const earlier = (await open(buyer, `?before=${first.messages[0]!.seq}`)).thread
    expect(earlier.messages.map((m) => m.body)).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'message 4'])
    expect(earlier.hasEarlier).toBe(false)
    // The seller's own messages are not read yet.
    const sellerView = (await open(seller)).thread
    expect(sellerView.messages.filter((m) => m.mine).every((m) => !m.read)).toBe(true)
    // The buyer's own five, read by the seller (who wrote after them), are on the earlier page.
    expect(earlier.messages.every((m) => m.mine && m.read)).toBe(true)
    // The buyer's page posts 'read' up to message 30.
    const upTo = first.messages.find((m) => m.body === 'message 30')!.seq
    const read = await callRoute(threadAction, `/messages/${c.id}`, { cookie: buyer.cookie, params: { conversationId: c.id }, body: form({ intent: 'read', seq: String(upTo) }) })
    expect(read.status).toBe(200)
    const after = (await open(seller)).thread
    for (const m of after.messages.filter((x) => x.mine)) expect(m.read, m.body).toBe(m.seq <= upTo)
    expect((await open(buyer)).thread.unread).toBe(24)
    // A mark never moves back; a bad seq is 400 and writes nothing.
    await callRoute(threadAction, `/messages/${c.id}`, { cookie: buyer.cookie, params: { conversationId: c.id }, body: form({ intent: 'read', seq: '1' }) })
    expect((await open(buyer)).thread.unread).toBe(24)
    const [before] = await getDb().select().from(conversations).where(eq(conversations.id, c.id))
    const bad = await callRoute(threadAction, `/messages/${c.id}`, { cookie: buyer.cookie, params: { conversationId: c.id }, body: form({ intent: 'read', seq: '-4' }) })
    expect(bad.status).toBe(400)
    const [unchanged] = await getDb().select().from(conversations).where(eq(conversations.id, c.id))
    expect(unchanged).toEqual(before)
    // Reading to the end clears the count; a live stream can ask for what came after a seq.
    const last = first.messages.at(-1)!.seq
    await callRoute(threadAction, `/messages/${c.id}`, { cookie: buyer.cookie, params: { conversationId: c.id }, body: form({ intent: 'read', seq: String(last) }) })
    expect(await countUnreadMessages(buyer.profileId)).toBe(0)
    const since = await listThreadMessages(seller.profileId, c.id, { afterSeq: last - 2 })
    expect(since!.messages.map((m) => m.body)).toEqual(['message 53', 'message 54'])
    expect(await listThreadMessages(randomUUID(), c.id)).toBeNull()
  })
})
