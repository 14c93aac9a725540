// Issue 9 item 5, ADR 011: a message unread for 10 minutes earns its recipient one email, batched per
// recipient, in their language, through the job queue; read messages, blocked senders and recipients
// without a verified login get none; a second sweep and a concurrent one send nothing more.
import { eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { conversations, emailOutbox, messages, profiles, userBlocks } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { startJobs, stopJobs } from '~/lib/jobs.server'
import { deliverPendingEmails } from '~/lib/outgoing-email.server'
import { deliverMessageNotice, sweepMessageNotices, type MessageNoticeBatch } from '~/modules/messaging/notice-email.server'
import { enqueueNoticeJob, MESSAGE_NOTICE_JOBS } from '~/modules/messaging/notice-jobs.server'
import { createUser } from '../factories/users'
import { createConversation, writeMessage } from './messaging-live-support'

const MINUTE = 60_000

async function person(opts: { userType?: 'Buyer' | 'Seller'; lng?: 'en' | 'ru' | 'hi'; verified?: boolean; company?: string } = {}) {
  const u = await createUser({ verified: opts.verified ?? true, profile: { userType: opts.userType ?? 'Buyer', companyName: opts.company ?? null } })
  if (opts.lng) await getDb().update(profiles).set({ preferredLanguage: opts.lng }).where(eq(profiles.id, u.profileId!))
  return { ...u, profileId: u.profileId! }
}

/** A sweep that records the batches instead of queuing them. */
async function sweep(now: Date) {
  const batches: MessageNoticeBatch[] = []
  const result = await sweepMessageNotices({ now, enqueue: async (_tx, batch) => void batches.push(batch) })
  return { ...result, batches }
}

/** What reached the dev outbox for `email`, after the outgoing-mail queue's worker (run here by hand) delivered what was queued. */
const mailTo = async (email: string) => {
  await deliverPendingEmails()
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, email))
}

async function notifiedAt(ids: string[]) {
  const rows = await getDb().select({ id: messages.id, at: messages.notifiedAt }).from(messages).where(inArray(messages.id, ids))
  return rows.map((r) => r.at)
}

afterAll(async () => {
  await stopJobs()
})

describe('the unread-message email', () => {
  it('batches three unread messages into one email after 10 minutes, with a link to the thread; a second sweep sends nothing', async () => {
    const buyer = await person()
    const seller = await person({ userType: 'Seller', company: 'Volga Textiles' })
    const conv = await createConversation(buyer.profileId, seller.profileId)
    const t0 = new Date(Date.now() - 60 * MINUTE)
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await writeMessage(conv, seller.profileId, `message ${i}`, { createdAt: new Date(t0.getTime() + i * 1000) })).id)

    // Nine minutes after the last one: not yet.
    const early = await sweep(new Date(t0.getTime() + 9 * MINUTE))
    expect(early).toMatchObject({ claimed: 0, batches: [] })

    const due = await sweep(new Date(t0.getTime() + 11 * MINUTE))
    expect(due.batches).toEqual([{ recipientId: buyer.profileId, conversations: [{ conversationId: conv, senderId: seller.profileId, count: 3 }] }])
    expect((await notifiedAt(ids)).every((at) => at instanceof Date)).toBe(true)
    expect(await deliverMessageNotice(due.batches[0]!)).toBe('sent')

    const mail = await mailTo(buyer.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe('You have 3 unread messages on Setu')
    expect(mail[0]!.text).toContain(`${seller.name} (Volga Textiles) wrote 3 messages`)
    expect(mail[0]!.text).toContain(`Open the conversation: http://localhost:3000/messages/${conv}`)

    const again = await sweep(new Date(t0.getTime() + 30 * MINUTE))
    expect(again).toMatchObject({ claimed: 0, batches: [] })
  })

  it('lists several conversations in one email linking to /messages, in the recipient’s language', async () => {
    const buyer = await person({ lng: 'ru' })
    const a = await person({ userType: 'Seller' })
    const b = await person({ userType: 'Seller' })
    const convA = await createConversation(buyer.profileId, a.profileId)
    const convB = await createConversation(buyer.profileId, b.profileId)
    const t0 = new Date(Date.now() - 60 * MINUTE)
    await writeMessage(convA, a.profileId, 'a1', { createdAt: t0 })
    await writeMessage(convB, b.profileId, 'b1', { createdAt: t0 })
    await writeMessage(convB, b.profileId, 'b2', { createdAt: t0 })
    // The buyer's own reply is owed to the seller, in the seller's language (English).
    await writeMessage(convA, buyer.profileId, 'reply', { createdAt: t0 })
    const { batches } = await sweep(new Date(t0.getTime() + 11 * MINUTE))
    const mine = batches.find((x) => x.recipientId === buyer.profileId)!
    expect(mine.conversations.map((c) => c.count).sort()).toEqual([1, 2])
    expect(batches.find((x) => x.recipientId === a.profileId)?.conversations).toEqual([{ conversationId: convA, senderId: buyer.profileId, count: 1 }])
    for (const batch of batches) await deliverMessageNotice(batch)

    const [ru] = await mailTo(buyer.email)
    expect(ru!.subject).toBe('У вас 3 непрочитанных сообщения на Setu')
    expect(ru!.text).toContain('Открыть сообщения: http://localhost:3000/messages\n')
    expect(ru!.text).toContain(`http://localhost:3000/messages/${convA}`)
    expect(ru!.text).toContain(`http://localhost:3000/messages/${convB}`)
    const [en] = await mailTo(a.email)
    expect(en!.subject).toBe('You have 1 unread message on Setu')
  })

  it('sends nothing for messages read in time, across a block, or to a recipient without a verified login; those are only marked', async () => {
    const reader = await person()
    const blocker = await person()
    const unverified = await person({ verified: false })
    const seller = await person({ userType: 'Seller' })
    const t0 = new Date(Date.now() - 60 * MINUTE)
    const convRead = await createConversation(reader.profileId, seller.profileId)
    const read = await writeMessage(convRead, seller.profileId, 'read me', { createdAt: t0 })
    await getDb().update(conversations).set({ buyerLastReadAt: new Date(t0.getTime() + 2 * MINUTE) }).where(eq(conversations.id, convRead))
    const convBlocked = await createConversation(blocker.profileId, seller.profileId)
    const blocked = await writeMessage(convBlocked, seller.profileId, 'spam', { createdAt: t0 })
    await getDb().insert(userBlocks).values({ blockerId: blocker.profileId, blockedId: seller.profileId })
    const convUnverified = await createConversation(unverified.profileId, seller.profileId)
    const toUnverified = await writeMessage(convUnverified, seller.profileId, 'hello?', { createdAt: t0 })

    const result = await sweep(new Date(t0.getTime() + 11 * MINUTE))
    expect(result.batches).toEqual([])
    expect(result.claimed).toBeGreaterThanOrEqual(3)
    expect((await notifiedAt([read.id, blocked.id, toUnverified.id])).every((at) => at instanceof Date)).toBe(true)
    for (const p of [reader, blocker, unverified]) expect(await mailTo(p.email)).toEqual([])

    // A block made after the sweep still keeps the sender out of the email being delivered.
    const late = await person()
    const convLate = await createConversation(late.profileId, seller.profileId)
    await writeMessage(convLate, seller.profileId, 'x', { createdAt: t0 })
    const { batches } = await sweep(new Date(t0.getTime() + 12 * MINUTE))
    expect(batches.map((x) => x.recipientId)).toEqual([late.profileId])
    await getDb().insert(userBlocks).values({ blockerId: seller.profileId, blockedId: late.profileId })
    expect(await deliverMessageNotice(batches[0]!)).toBe('skipped')
    expect(await mailTo(late.email)).toEqual([])
  })

  it('two sweeps at once claim each message once: one email', async () => {
    const buyer = await person()
    const seller = await person({ userType: 'Seller' })
    const conv = await createConversation(buyer.profileId, seller.profileId)
    const t0 = new Date(Date.now() - 60 * MINUTE)
    for (let i = 0; i < 3; i++) await writeMessage(conv, seller.profileId, `m${i}`, { createdAt: t0 })
    const now = new Date(t0.getTime() + 11 * MINUTE)
    const [one, two] = await Promise.all([sweep(now), sweep(now)])
    const all = [...one.batches, ...two.batches].filter((x) => x.recipientId === buyer.profileId)
    expect(all).toHaveLength(1)
    expect(all[0]!.conversations[0]!.count).toBe(3)
  })

  it('through the job queue: the sweep queues the email in its own transaction and the email job sends it', async () => {
    const buyer = await person({ lng: 'hi' })
    const seller = await person({ userType: 'Seller' })
    const conv = await createConversation(buyer.profileId, seller.profileId)
    const t0 = new Date(Date.now() - 60 * MINUTE)
    await writeMessage(conv, seller.profileId, 'नमस्ते', { createdAt: t0 })
    await writeMessage(conv, seller.profileId, 'again', { createdAt: t0 })

    // Without a running queue the claim is rolled back, so a later sweep still finds the messages.
    await expect(sweepMessageNotices({ now: new Date(t0.getTime() + 11 * MINUTE), enqueue: enqueueNoticeJob })).rejects.toThrow('the job queue is not running')
    expect((await notifiedAt((await getDb().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conv))).map((m) => m.id))).every((at) => at === null)).toBe(true)

    // Only the email queue is started (its sweep runs below with a fixed clock); polling is fast for the test.
    await startJobs(MESSAGE_NOTICE_JOBS.filter((j) => j.name === 'message-notice-email').map((j) => ({ ...j, pollingIntervalSeconds: 0.5 })))
    const result = await sweepMessageNotices({ now: new Date(t0.getTime() + 11 * MINUTE), enqueue: enqueueNoticeJob })
    expect(result).toMatchObject({ recipients: 1, emailed: 2 })
    const until = Date.now() + 20_000
    let mail = await mailTo(buyer.email)
    while (mail.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200))
      mail = await mailTo(buyer.email)
    }
    expect(mail.map((m) => m.subject)).toEqual(['Setu पर आपके 2 संदेश अपठित हैं'])
    await stopJobs()
  })
})
