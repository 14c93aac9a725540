// The one way a flow records a notice (issue 8 item 10). Call it inside the flow's own transaction, so
// the notice exists exactly when the event does; the row is both the in-app notification and the
// durable record that an email is owed (email_status 'pending' until the mail job sends it).
import { notifications, type NotificationKind } from '../../../db/schema'
import type { Db } from '~/lib/db.server'
import { requestEmailSweep } from './jobs.server'

/** A transaction handle or the database itself. */
type Writer = Pick<Db, 'insert'>

export type NotifyInput = {
  recipientId: string
  /** Who caused it; omit for the system (an expiry). */
  actorId?: string | null
  kind: NotificationKind
  /** Values for the message, as text (a title, a status, an order number); shown escaped, never as HTML. */
  params?: Record<string, string>
  /** The local path the notice opens, e.g. `/orders/<id>`. */
  link: string
}

export async function notify(tx: Writer, input: NotifyInput | NotifyInput[]): Promise<void> {
  const rows = (Array.isArray(input) ? input : [input])
    .filter((n) => n.recipientId !== n.actorId)
    .map((n) => ({ recipientId: n.recipientId, actorId: n.actorId ?? null, kind: n.kind, params: n.params ?? {}, link: n.link }))
  if (rows.length === 0) return
  await tx.insert(notifications).values(rows)
  // The emails go out after the commit, from the job queue; this only makes that happen sooner.
  requestEmailSweep()
}
