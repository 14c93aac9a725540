// The one way the app sends an email (issue 26 item 1, ADR 021). A caller composes the message (its
// language, links and text are fixed then) and enqueues it: a row in outgoing_emails, written inside
// the caller's own transaction where there is one, so the email exists exactly when the event does
// and the request answers once it is stored, never after a send. The mail job (pg-boss) delivers it:
// one job per row (singletonKey = its id), retried with backoff while the mail server is down, and a
// sweep every minute queues whatever is still pending (a row whose job was never queued because the
// process died after the commit).
//
// Exactly one email per row, even with several app processes: a delivery first claims the row with a
// conditional update (pending, and no other delivery started in the last LEASE_MINUTES); a second
// delivery finds it claimed and leaves it alone. A send that fails releases the claim for the next
// retry. The one gap left is a crash between the SMTP server accepting the message and the row being
// marked sent: the claim then lapses and the email is sent again (at least once, never dropped).
//
// A row can also be written `held`: by a sign-up whose other writes have not committed yet. The
// sign-up releases it (pending) in the same transaction as its last write, or deletes it when it
// fails, so no email goes out for an account that does not exist. A held row a crash left behind is
// deleted by the sweep after HELD_MINUTES.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { outgoingEmails } from '../../db/schema'
import { getDb, type Db } from './db.server'
import { sendEmail, type EmailMessage } from './email.server'
import { queueRowJobs, rowDeliveryJobs, soonJob, type JobDefinition } from './jobs.server'

/** A claimed delivery older than this is taken to have died; longer than nodemailer's slowest SMTP timeout. */
export const LEASE_MINUTES = 15
/** A held email older than this belongs to a sign-up that died before it committed. */
export const HELD_MINUTES = 60
/** Rows queued per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 500

export const OUTGOING_EMAIL_QUEUE = 'outgoing-email'
export const OUTGOING_EMAIL_SWEEP_QUEUE = 'outgoing-email-sweep'

/** What an email is, for the logs and the operator. */
export type OutgoingEmailKind = 'verification' | 'password-reset' | 'lockout' | 'notification' | 'message-notice'

/** A transaction handle or the database itself. */
type Writer = Pick<Db, 'insert' | 'update' | 'delete'>

/**
 * Stores `message` for delivery through `writer` (the caller's transaction, or the database) and
 * returns its id. `held`: not delivered until releaseHeldEmails() (a sign-up in progress).
 * The delivery starts within seconds of the commit when the queue runs, else at the next sweep.
 */
export async function enqueueEmail(writer: Writer, kind: OutgoingEmailKind, message: EmailMessage, opts: { held?: boolean } = {}): Promise<string> {
  const [row] = await writer
    .insert(outgoingEmails)
    .values({ kind, to: message.to, subject: message.subject, text: message.text, html: message.html, status: opts.held ? 'held' : 'pending' })
    .returning({ id: outgoingEmails.id })
  if (!opts.held) requestEmailSweep()
  return row.id
}

/** Lets held emails go out (inside the transaction that makes their account real). */
export async function releaseHeldEmails(writer: Writer, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await writer.update(outgoingEmails).set({ status: 'pending' }).where(and(inArray(outgoingEmails.id, ids), eq(outgoingEmails.status, 'held')))
  requestEmailSweep()
}

/** Removes held emails whose sign-up failed: they are never delivered. */
export async function discardHeldEmails(writer: Writer, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await writer.delete(outgoingEmails).where(and(inArray(outgoingEmails.id, ids), eq(outgoingEmails.status, 'held')))
}

export type OutgoingDeliveryOutcome =
  /** Handed to the SMTP server (or the dev outbox); the row is 'sent'. */
  | 'sent'
  /** Nothing to do: no such row, or it is no longer pending (sent, failed, held). */
  | 'done'
  /** Another delivery holds the claim. */
  | 'busy'

const leaseFree = () => or(isNull(outgoingEmails.claimedAt), lt(outgoingEmails.claimedAt, sql`now() - make_interval(mins => ${LEASE_MINUTES})`))

/**
 * Delivers one stored email. Throws when the send fails (the job is retried); on the last attempt
 * (`lastAttempt`) the row is marked 'failed' before the error is rethrown.
 */
export async function deliverOutgoingEmail(id: string, opts: { lastAttempt?: boolean } = {}): Promise<OutgoingDeliveryOutcome> {
  const db = getDb()
  const [claim] = await db
    .update(outgoingEmails)
    .set({ attempts: sql`${outgoingEmails.attempts} + 1`, claimedAt: sql`now()` })
    .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, 'pending'), leaseFree()))
    .returning({ kind: outgoingEmails.kind, to: outgoingEmails.to, subject: outgoingEmails.subject, text: outgoingEmails.text, html: outgoingEmails.html })
  if (!claim) {
    const [row] = await db.select({ status: outgoingEmails.status }).from(outgoingEmails).where(eq(outgoingEmails.id, id))
    return row?.status === 'pending' ? 'busy' : 'done'
  }
  try {
    const result = await sendEmail({ to: claim.to, subject: claim.subject, text: claim.text, html: claim.html })
    if (result.delivery === 'none') throw new Error('mail is not configured (SMTP_URL unset, dev outbox off)')
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
    await db
      .update(outgoingEmails)
      .set({ status: opts.lastAttempt ? 'failed' : 'pending', claimedAt: null, lastError: message })
      .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, 'pending')))
    if (opts.lastAttempt) console.error(`[setu] ${claim.kind} email ${id} failed for good: ${message}`)
    throw err
  }
  await db.update(outgoingEmails).set({ status: 'sent', sentAt: sql`now()`, claimedAt: null, lastError: null }).where(eq(outgoingEmails.id, id))
  return 'sent'
}

/** Ids of pending emails no delivery holds, oldest first: what the sweep queues. */
export async function listUndeliveredEmails(limit = SWEEP_LIMIT): Promise<string[]> {
  const rows = await getDb()
    .select({ id: outgoingEmails.id })
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.status, 'pending'), leaseFree()))
    .orderBy(outgoingEmails.createdAt)
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Deletes held emails of sign-ups that died before they committed; returns how many. */
export async function discardStaleHeldEmails(): Promise<number> {
  const gone = await getDb()
    .delete(outgoingEmails)
    .where(and(eq(outgoingEmails.status, 'held'), lt(outgoingEmails.createdAt, sql`now() - make_interval(mins => ${HELD_MINUTES})`)))
    .returning({ id: outgoingEmails.id })
  return gone.length
}

/** Queues a delivery job for every pending email; the queue keeps one job per row (singletonKey = its id). */
export async function queuePendingEmails(): Promise<number> {
  return queueRowJobs(OUTGOING_EMAIL_QUEUE, await listUndeliveredEmails())
}

/**
 * Delivers every pending email now, in this process, one after another: for tests and scripts that
 * run without the job queue. Returns what happened to each; a failed send leaves its row pending.
 */
export async function deliverPendingEmails(): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  for (const id of await listUndeliveredEmails()) {
    try {
      if ((await deliverOutgoingEmail(id)) === 'sent') sent++
    } catch {
      failed++
    }
  }
  return { sent, failed }
}

/** Asks for the sweep soon, so an email leaves within seconds instead of at the next minute. */
export const requestEmailSweep = soonJob(OUTGOING_EMAIL_SWEEP_QUEUE, 500)

export const OUTGOING_EMAIL_JOBS: JobDefinition[] = rowDeliveryJobs({
  queue: OUTGOING_EMAIL_QUEUE,
  sweepQueue: OUTGOING_EMAIL_SWEEP_QUEUE,
  deliver: deliverOutgoingEmail,
  sweep: async () => {
    await discardStaleHeldEmails()
    await queuePendingEmails()
  },
  pollingIntervalSeconds: 1,
})
