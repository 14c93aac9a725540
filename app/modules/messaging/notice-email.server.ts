// The unread-message email (issue 9 item 5, ADR 011). A message its recipient has not read within
// NOTICE_DELAY_MINUTES gets handled once: messages.notified_at is set when a sweep claims it. The sweep
// claims due rows with FOR UPDATE SKIP LOCKED and, in the same transaction, queues one pg-boss job per
// recipient holding the whole batch (pg-boss writes the job through the transaction), so two processes
// never claim one message and a crash cannot claim rows without queuing their email. Messages read
// in time, sent across a block, or to someone without a verified active login are only marked.
import { inArray, sql } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import type { EmailMessage } from '~/lib/email.server'
import { renderEmail } from '~/lib/email-layout.server'
import { baseUrl } from '~/lib/env.server'
import { isLanguage, type Language } from '~/lib/i18n'
import { createFixedInstance } from '~/lib/i18next.server'
import { enqueueEmail } from '~/lib/outgoing-email.server'

/** A message unread this long after it was written earns its recipient an email. */
export const NOTICE_DELAY_MINUTES = 10
/** Messages claimed per sweep; the next sweep (a minute later) takes the rest. */
const SWEEP_LIMIT = 1_000

/** One recipient's email: the conversations with unread messages, and how many in each. */
export type MessageNoticeBatch = {
  recipientId: string
  conversations: { conversationId: string; senderId: string; count: number }[]
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Queues a batch inside the sweep's transaction; throws to roll the claim back. */
export type EnqueueNotice = (tx: Tx, batch: MessageNoticeBatch) => Promise<void>

export type SweepResult = { claimed: number; emailed: number; recipients: number }

type ClaimedRow = {
  id: string
  conversation_id: string
  sender_id: string
  recipient_id: string
  read: boolean
  blocked: boolean
  eligible: boolean
}

/**
 * Claims every message due for the check at `now` and queues one email per recipient with unread
 * ones. Returns what it claimed; a second sweep finds those already handled.
 */
export async function sweepMessageNotices(opts: { now?: Date; enqueue: EnqueueNotice }): Promise<SweepResult> {
  const now = opts.now ?? new Date()
  const cutoff = new Date(now.getTime() - NOTICE_DELAY_MINUTES * 60_000)
  return getDb().transaction(async (tx) => {
    const { rows } = await tx.execute<ClaimedRow>(sql`
      with due as (
        select m.id from messages m
        where m.notified_at is null and m.created_at < ${cutoff.toISOString()}::timestamptz
        order by m.created_at
        limit ${SWEEP_LIMIT}
        for update of m skip locked
      ), claimed as (
        update messages m set notified_at = ${now.toISOString()}::timestamptz
        from due where m.id = due.id
        returning m.id, m.conversation_id, m.sender_id, m.created_at
      ), parties as (
        select cl.id, cl.conversation_id, cl.sender_id, cl.created_at,
          case when c.buyer_id = cl.sender_id then c.seller_id else c.buyer_id end as recipient_id,
          case when c.buyer_id = cl.sender_id then c.seller_last_read_at else c.buyer_last_read_at end as recipient_mark
        from claimed cl join conversations c on c.id = cl.conversation_id
      )
      select p.id, p.conversation_id, p.sender_id, p.recipient_id,
        coalesce(p.recipient_mark >= p.created_at, false) as read,
        exists (
          select 1 from user_blocks b
          where (b.blocker_id = p.recipient_id and b.blocked_id = p.sender_id)
             or (b.blocker_id = p.sender_id and b.blocked_id = p.recipient_id)
        ) as blocked,
        exists (
          select 1 from profiles r join users u on u.id = r.user_id
          where r.id = p.recipient_id and u.email_verified and r.account_status = 'active'
        ) as eligible
      from parties p`)
    const batches = new Map<string, Map<string, MessageNoticeBatch['conversations'][number]>>()
    for (const r of rows) {
      if (r.read || r.blocked || !r.eligible) continue
      let byConversation = batches.get(r.recipient_id)
      if (!byConversation) batches.set(r.recipient_id, (byConversation = new Map()))
      const entry = byConversation.get(r.conversation_id)
      if (entry) entry.count++
      else byConversation.set(r.conversation_id, { conversationId: r.conversation_id, senderId: r.sender_id, count: 1 })
    }
    let emailed = 0
    for (const [recipientId, byConversation] of batches) {
      const conversations = [...byConversation.values()].sort((a, b) => a.conversationId.localeCompare(b.conversationId))
      emailed += conversations.reduce((n, c) => n + c.count, 0)
      await opts.enqueue(tx, { recipientId, conversations })
    }
    return { claimed: rows.length, emailed, recipients: batches.size }
  })
}

/** The email for a batch in the recipient's language: one line per conversation, a button to the thread (or to the inbox for several). */
export async function composeMessageNoticeEmail(opts: {
  to: string
  name: string
  lng: Language
  conversations: { conversationId: string; senderName: string; count: number }[]
}): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t = i18n.t.bind(i18n)
  const base = baseUrl()
  const total = opts.conversations.reduce((n, c) => n + c.count, 0)
  const single = opts.conversations.length === 1 ? opts.conversations[0] : undefined
  const subject = t('notifications:messagesEmail.subject', { count: total })
  return {
    to: opts.to,
    ...renderEmail({
      lng: opts.lng,
      subject,
      greeting: t('notifications:email.greeting', { name: opts.name.trim() || opts.to }),
      paragraphs: [
        t('notifications:messagesEmail.intro'),
        ...opts.conversations.map((c) => `${t('notifications:messagesEmail.line', { name: c.senderName, count: c.count })}: ${base}/messages/${c.conversationId}`),
      ],
      button: single
        ? { label: t('notifications:messagesEmail.openThread'), url: `${base}/messages/${single.conversationId}` }
        : { label: t('notifications:messagesEmail.openInbox'), url: `${base}/messages` },
      notes: [t('notifications:messagesEmail.why', { url: `${base}/messages` })],
      signature: t('notifications:email.signature'),
    }),
  }
}

export type NoticeDeliveryOutcome = 'sent' | 'skipped'

/**
 * Composes one batch's email and stores it in the outgoing-mail queue (ADR 021), which delivers it.
 * The recipient is checked again (verified, active) and a sender blocked
 * since the sweep, either way, is left out; nothing left: 'skipped'.
 * Throws when it cannot be stored, so the job is retried.
 */
export async function deliverMessageNotice(batch: MessageNoticeBatch): Promise<NoticeDeliveryOutcome> {
  const db = getDb()
  const { rows: recipients } = await db.execute<{ email: string; name: string; lng: string }>(sql`
    select r.email, r.name, r.preferred_language as lng
    from profiles r join users u on u.id = r.user_id
    where r.id = ${batch.recipientId} and u.email_verified and r.account_status = 'active'`)
  const recipient = recipients[0]
  if (!recipient?.email || batch.conversations.length === 0) return 'skipped'
  const senderIds = [...new Set(batch.conversations.map((c) => c.senderId))]
  const senders = await db.select({ id: profiles.id, name: profiles.name, company: profiles.companyName }).from(profiles).where(inArray(profiles.id, senderIds))
  const { rows: blocks } = await db.execute<{ other: string }>(sql`
    select case when blocker_id = ${batch.recipientId} then blocked_id else blocker_id end as other
    from user_blocks
    where (blocker_id = ${batch.recipientId} and blocked_id in ${senderIds}) or (blocked_id = ${batch.recipientId} and blocker_id in ${senderIds})`)
  const blocked = new Set(blocks.map((b) => b.other))
  const nameOf = (id: string) => {
    const s = senders.find((p) => p.id === id)
    if (!s) return null
    return s.company?.trim() ? `${s.name} (${s.company.trim()})` : s.name
  }
  const conversations = batch.conversations.flatMap((c) => {
    const senderName = nameOf(c.senderId)
    return senderName && !blocked.has(c.senderId) ? [{ conversationId: c.conversationId, senderName, count: c.count }] : []
  })
  if (conversations.length === 0) return 'skipped'
  const message = await composeMessageNoticeEmail({
    to: recipient.email,
    name: recipient.name,
    lng: isLanguage(recipient.lng) ? recipient.lng : 'en',
    conversations,
  })
  // The one outgoing-mail path (ADR 021) delivers it, with its own retries.
  await enqueueEmail(db, 'message-notice', message)
  return 'sent'
}
