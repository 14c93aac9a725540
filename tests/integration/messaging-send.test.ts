// Sending (issue 9 items 3 and 6): the composer's rules, attachments judged by their bytes, the one-time
// key, blocks in both directions, reports, and the per-user rate limit. Every refusal: a translated
// message, the right status, nothing stored (no row, no file).
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationReports, conversations, messages } from '../../db/schema'
import { ACTION_LIMITS } from '~/lib/action-limits'
import { getDb } from '~/lib/db.server'
import { listOpenReports } from '~/modules/messaging/queries.server'
import { action as threadAction, loader as threadLoader } from '~/routes/messages/thread'
import { createConversation, messagingFingerprint } from '../factories/messaging'
import { exeBytes, htmlBytes, jpegBytes, makeFile, padTo, pdfBytes, pngBytes, useTempStorage } from '../factories/files'
import { createSignedInUser, type SignedInUser } from '../factories/users'
import { callRoute, form } from './account-support'

type Person = SignedInUser

const post = (who: Person, conversationId: string, fields: Record<string, string | Blob>, extraFiles: Blob[] = []) => {
  const body = form(fields)
  for (const f of extraFiles) body.append('files', f)
  return callRoute(threadAction, `/messages/${conversationId}`, { cookie: who.cookie, params: { conversationId }, body })
}
const send = (who: Person, conversationId: string, text: string, files: Blob[] = [], clientKey = randomUUID()) => post(who, conversationId, { intent: 'send', body: text, clientKey }, files)
const errorsOf = (res: { data: unknown }) => (res.data as { fieldErrors?: Record<string, string> }).fieldErrors
const bodies = async (conversationId: string) =>
  (await getDb().select({ body: messages.body }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.seq)).map((m) => m.body)

describe('sending a message', () => {
  let buyer: Person, seller: Person
  let conversationId: string
  const files = useTempStorage()
  afterAll(() => files.cleanup())
  const storedFiles = () => files.listFiles().filter((f) => !f.split('/').pop()!.startsWith('.'))
  beforeAll(async () => {
    buyer = await createSignedInUser({ userType: 'Buyer', country: 'India' })
    seller = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    conversationId = (await createConversation(buyer.profileId, seller.profileId)).id
  })

  it('stores text, moves last_message_at and the sender’s read mark', async () => {
    const res = await send(buyer, conversationId, '  Line one\nLine two  ')
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ ok: true, seq: expect.any(Number), nextKey: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(await bodies(conversationId)).toEqual(['Line one\nLine two'])
    const [c] = await getDb().select().from(conversations).where(eq(conversations.id, conversationId))
    expect(c!.lastMessageAt).not.toBeNull()
    expect(c!.buyerLastReadAt?.getTime()).toBe(c!.lastMessageAt?.getTime())
    expect(c!.sellerLastReadAt).toBeNull()
  })

  it('stores a double submit with the same key once (one after the other and at once)', async () => {
    const key = randomUUID()
    const a = await send(buyer, conversationId, 'Once only', [], key)
    const b = await send(buyer, conversationId, 'Once only', [], key)
    expect([a.status, b.status]).toEqual([200, 200])
    expect((a.data as { seq: number }).seq).toBe((b.data as { seq: number }).seq)
    const key2 = randomUUID()
    const racing = await Promise.all(Array.from({ length: 4 }, () => send(buyer, conversationId, 'Racing', [makeFile(pdfBytes(), 'spec.pdf')], key2)))
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const all = await bodies(conversationId)
    expect(all.filter((b) => b === 'Once only')).toHaveLength(1)
    expect(all.filter((b) => b === 'Racing')).toHaveLength(1)
    const r = await getDb().execute(sql`select count(*)::int as n from message_attachments`)
    expect((r.rows[0] as { n: number }).n).toBe(1)
    // The losing submits' files were removed again.
    expect(storedFiles()).toHaveLength(1)
  })

  it('refuses bad input with a translated message and the right status, storing nothing', async () => {
    const before = await messagingFingerprint()
    const filesBefore = storedFiles()
    const cases: [string, Promise<Awaited<ReturnType<typeof send>>>, number, Record<string, string>][] = [
      ['empty', send(buyer, conversationId, '   \n '), 400, { body: 'messages:errors.empty' }],
      ['over 5,000 characters', send(buyer, conversationId, 'x'.repeat(5001)), 400, { body: 'messages:errors.tooLong' }],
      ['no key', post(buyer, conversationId, { intent: 'send', body: 'hi' }), 400, { form: 'messages:errors.expired' }],
      ['an HTML page named .pdf', send(buyer, conversationId, 'see file', [makeFile(htmlBytes(), 'offer.pdf')]), 400, { files: 'messages:errors.fileType' }],
      ['an executable named .pdf', send(buyer, conversationId, 'see file', [makeFile(exeBytes(), 'offer.pdf')]), 400, { files: 'messages:errors.fileType' }],
      ['a PNG named .pdf', send(buyer, conversationId, 'see file', [makeFile(pngBytes(), 'offer.pdf', 'application/pdf')]), 400, { files: 'messages:errors.fileNameMismatch' }],
      ['a PDF named .exe', send(buyer, conversationId, 'see file', [makeFile(pdfBytes(), 'setup.exe')]), 400, { files: 'messages:errors.fileNameMismatch' }],
      ['over 10 MB', send(buyer, conversationId, 'big', [makeFile(padTo(pdfBytes(), 10 * 1024 * 1024 + 1), 'big.pdf')]), 413, { files: 'messages:errors.fileTooLarge' }],
      ['six files', send(buyer, conversationId, 'many', Array.from({ length: 6 }, (_, i) => makeFile(pdfBytes(), `f${i}.pdf`))), 400, { files: 'messages:errors.tooManyFiles' }],
      ['a good file beside a bad one', send(buyer, conversationId, 'mixed', [makeFile(pdfBytes(), 'ok.pdf'), makeFile(htmlBytes(), 'bad.png')]), 400, { files: 'messages:errors.fileType' }],
      ['an unknown intent', post(buyer, conversationId, { intent: 'delete' }), 400, { form: 'messages:errors.badRequest' }],
    ]
    for (const [name, pending, status, errors] of cases) {
      const res = await pending
      expect(res.status, name).toBe(status)
      expect(errorsOf(res), name).toEqual(errors)
    }
    expect(await messagingFingerprint()).toBe(before)
    expect(storedFiles()).toEqual(filesBefore)
  })

  it('accepts PDF, JPEG and PNG by their bytes (at most five), keeping the names', async () => {
    const res = await send(seller, conversationId, '', [makeFile(pdfBytes(), 'Прайс-лист.pdf'), makeFile(jpegBytes(), 'photo.jpeg', 'image/jpeg'), makeFile(pngBytes(), 'scan', 'application/octet-stream')])
    expect(res.status).toBe(200)
    const view = await callRoute(threadLoader, `/messages/${conversationId}`, { cookie: buyer.cookie, params: { conversationId } })
    const last = (view.data as { thread: { messages: { body: string; attachments: { fileName: string; contentType: string }[] }[] } }).thread.messages.at(-1)!
    expect(last.body).toBe('')
    expect(last.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      ['Прайс-лист.pdf', 'application/pdf'],
      ['photo.jpeg', 'image/jpeg'],
      ['scan.png', 'image/png'],
    ])
  })
})

describe('blocking and reporting', () => {
  let buyer: Person, seller: Person, stranger: Person
  let conversationId: string
  let otherConversationId: string
  beforeAll(async () => {
    buyer = await createSignedInUser({ userType: 'Buyer', country: 'India' })
    seller = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    stranger = await createSignedInUser({ userType: 'Buyer', country: 'India' })
    conversationId = (await createConversation(buyer.profileId, seller.profileId)).id
    // A block holds between the two people, in every conversation they share.
    otherConversationId = (await createConversation(buyer.profileId, seller.profileId, { subjectType: 'order' })).id
  })
  const thread = async (who: Person) =>
    (await callRoute(threadLoader, `/messages/${conversationId}`, { cookie: who.cookie, params: { conversationId } })).data as { thread: { blockedByMe: boolean; blockedByOther: boolean; reported: boolean } }

  it('stops new messages in both directions until unblocked, and says so to both', async () => {
    expect((await post(buyer, conversationId, { intent: 'block' })).status).toBe(200)
    expect((await thread(buyer)).thread).toMatchObject({ blockedByMe: true, blockedByOther: false })
    expect((await thread(seller)).thread).toMatchObject({ blockedByMe: false, blockedByOther: true })
    const before = await messagingFingerprint()
    const bySeller = await send(seller, conversationId, 'Are you there?')
    expect(bySeller.status).toBe(403)
    expect(errorsOf(bySeller)).toEqual({ form: 'messages:errors.blockedYou' })
    const byBuyer = await send(buyer, otherConversationId, 'One more thing')
    expect(byBuyer.status).toBe(403)
    expect(errorsOf(byBuyer)).toEqual({ form: 'messages:errors.youBlocked' })
    expect(await messagingFingerprint()).toBe(before)
    // Only the blocker can lift it; unblocking restores sending.
    await post(seller, conversationId, { intent: 'unblock' })
    expect((await send(seller, conversationId, 'Still blocked?')).status).toBe(403)
    expect((await post(buyer, conversationId, { intent: 'unblock' })).status).toBe(200)
    expect((await send(seller, conversationId, 'Hello again')).status).toBe(200)
    expect((await send(buyer, otherConversationId, 'Hi')).status).toBe(200)
  })

  it('keeps one open report per participant; the moderation queue lists them', async () => {
    const empty = await post(buyer, conversationId, { intent: 'report', reason: '   ' })
    expect(empty.status).toBe(400)
    expect(errorsOf(empty)).toEqual({ reason: 'messages:errors.reasonRequired' })
    const long = await post(buyer, conversationId, { intent: 'report', reason: 'x'.repeat(2001) })
    expect(errorsOf(long)).toEqual({ reason: 'messages:errors.reasonTooLong' })
    expect((await post(buyer, conversationId, { intent: 'report', reason: 'Asks for payment outside Setu' })).status).toBe(200)
    const again = await post(buyer, conversationId, { intent: 'report', reason: 'Again' })
    expect(again.status).toBe(409)
    expect(errorsOf(again)).toEqual({ form: 'messages:errors.alreadyReported' })
    expect((await post(seller, conversationId, { intent: 'report', reason: 'Rude' })).status).toBe(200)
    expect((await thread(buyer)).thread.reported).toBe(true)
    const rows = await getDb().select().from(conversationReports).where(eq(conversationReports.conversationId, conversationId))
    expect(rows.map((r) => [r.reporterId, r.reason, r.status]).sort()).toEqual(
      [
        [buyer.profileId, 'Asks for payment outside Setu', 'open'],
        [seller.profileId, 'Rude', 'open'],
      ].sort(),
    )
    const queue = await listOpenReports()
    expect(queue.items.filter((r) => r.conversationId === conversationId)).toHaveLength(2)
    expect(queue.items[0]).toMatchObject({ buyer: { id: buyer.profileId }, seller: { id: seller.profileId } })
    // A stranger cannot report it.
    expect((await post(stranger, conversationId, { intent: 'report', reason: 'x' })).status).toBe(404)
  })
})

describe('the rate limit', () => {
  const [perMinute] = ACTION_LIMITS.message.windows
  it(`lets a user send ${perMinute.max} messages a minute, then answers 429 with Retry-After and stores nothing`, async () => {
    const buyer = await createSignedInUser({ userType: 'Buyer', country: 'India' })
    const seller = await createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved' })
    const { id } = await createConversation(buyer.profileId, seller.profileId)
    for (let i = 0; i < perMinute.max; i++) expect((await send(buyer, id, `m${i}`)).status).toBe(200)
    const before = await messagingFingerprint()
    const res = await send(buyer, id, 'one too many')
    expect(res.status).toBe(429)
    expect(errorsOf(res)).toEqual({ form: 'messages:errors.rateLimited' })
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await messagingFingerprint()).toBe(before)
    // The other party is not limited by it.
    expect((await send(seller, id, 'reply')).status).toBe(200)
  })
})
