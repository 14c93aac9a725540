// The email side of a notice (issue 8 item 10). The notifications row is the durable record: it is
// written with the event and stays email_status 'pending' until its email is composed in the
// recipient's language (checked then: verified, active) and stored in the outgoing-mail queue
// (ADR 021), which delivers it with its own retries, lease and sweep. 'sent' here means handed to that
// queue, in the same transaction. pg-boss runs one compose job per notice (singletonKey = its id) and
// a sweep every minute queues whatever is still pending, so a crash after the event's commit loses
// nothing.
//
// One email per notice, even with two app processes: a job first claims the row with a conditional
// update (pending, and no other job started in the last LEASE_MINUTES), using emailed_at as the
// claim's time while the row is pending; a second one finds it claimed and leaves it alone. The
// claim and the hand-over commit together, so a notice is queued for mail once.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { notifications, profiles, users } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { EmailMessage } from '~/lib/email.server'
import { renderEmail } from '~/lib/email-layout.server'
import { baseUrl } from '~/lib/env.server'
import { isLanguage, readerOf, type Language } from '~/lib/i18n'
import { createFixedInstance } from '~/lib/i18next.server'
import { enqueueEmail } from '~/lib/outgoing-email.server'
import { notificationText, stringParams } from './messages'

/** A claimed delivery older than this is taken to have died; longer than nodemailer's slowest SMTP timeout. */
export const LEASE_MINUTES = 15
/** Notices queued per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 500

export type DeliveryOutcome =
  /** The email is composed and stored in the outgoing queue (which delivers it); the row is 'sent'. */
  | 'sent'
  /** The recipient has no login (or it is not verified, or the account is blocked): 'skipped'. */
  | 'skipped'
  /** Nothing to do: no such notice, or it is no longer pending. */
  | 'done'
  /** Another delivery holds the claim. */
  | 'busy'

/** The email for a notice for its recipient (language, and country for digit grouping): the same sentence as the in-app list, and a link to it. */
export async function composeNotificationEmail(opts: {
  to: string
  name: string
  lng: Language
  country: string | null
  kind: string
  params: Record<string, string>
  link: string
}): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t = i18n.t.bind(i18n)
  const { title, body } = notificationText(t, readerOf(opts.lng, opts.country), opts.kind, opts.params)
  const base = baseUrl()
  return {
    to: opts.to,
    ...renderEmail({
      lng: opts.lng,
      subject: title,
      greeting: t('notifications:email.greeting', { name: opts.name.trim() || opts.to }),
      paragraphs: [title, body],
      button: { label: t('notifications:email.button'), url: `${base}${opts.link}` },
      notes: [t('notifications:email.why', { url: `${base}/notifications` })],
      signature: t('notifications:email.signature'),
    }),
  }
}

const leaseFree = () => or(isNull(notifications.emailedAt), lt(notifications.emailedAt, sql`now() - make_interval(mins => ${LEASE_MINUTES})`))

/**
 * Sends one notice's email. Throws when the send fails (the job is retried); on the last attempt
 * (`lastAttempt`) the row is marked 'failed' before the error is rethrown.
 */
export async function deliverNotificationEmail(id: string, opts: { lastAttempt?: boolean } = {}): Promise<DeliveryOutcome> {
  const db = getDb()
  const [claim] = await db
    .update(notifications)
    .set({ emailAttempts: sql`${notifications.emailAttempts} + 1`, emailedAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.emailStatus, 'pending'), leaseFree()))
    .returning({ kind: notifications.kind, params: notifications.params, link: notifications.link, recipientId: notifications.recipientId })
  if (!claim) {
    const [row] = await db.select({ status: notifications.emailStatus }).from(notifications).where(eq(notifications.id, id))
    return row?.status === 'pending' ? 'busy' : 'done'
  }
  const [recipient] = await db
    .select({ email: profiles.email, name: profiles.name, lng: profiles.preferredLanguage, country: profiles.country, accountStatus: profiles.accountStatus, verified: users.emailVerified })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, claim.recipientId))
  if (!recipient || !recipient.verified || recipient.accountStatus !== 'active' || !recipient.email) {
    await db.update(notifications).set({ emailStatus: 'skipped', emailedAt: null }).where(eq(notifications.id, id))
    return 'skipped'
  }
  try {
    const message = await composeNotificationEmail({
      to: recipient.email,
      name: recipient.name,
      lng: isLanguage(recipient.lng) ? recipient.lng : 'en',
      country: recipient.country,
      kind: claim.kind,
      params: stringParams(claim.params),
      link: claim.link,
    })
    // Handed to the one outgoing-mail path (ADR 021) in the same transaction that marks the notice:
    // from here the email's delivery, retries and lease are the outgoing queue's.
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, 'notification', message)
      await tx.update(notifications).set({ emailStatus: 'sent', emailedAt: sql`now()` }).where(eq(notifications.id, id))
    })
  } catch (err) {
    await db
      .update(notifications)
      .set({ emailStatus: opts.lastAttempt ? 'failed' : 'pending', emailedAt: null })
      .where(and(eq(notifications.id, id), eq(notifications.emailStatus, 'pending')))
    throw err
  }
  return 'sent'
}

/** Ids of pending notices no delivery holds, oldest first: what the sweep queues. */
export async function listUndeliveredNotifications(limit = SWEEP_LIMIT): Promise<string[]> {
  const rows = await getDb()
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.emailStatus, 'pending'), leaseFree()))
    .orderBy(notifications.createdAt)
    .limit(limit)
  return rows.map((r) => r.id)
}
