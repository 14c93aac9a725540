// The messaging module's limits (its value lists are in app/domain). Browser-safe: forms, actions
// and tests import them from here.
import type { MESSAGE_ATTACHMENT } from '~/domain/uploads'

/** Longest message text, in characters (code points, as PostgreSQL's char_length counts). */
export const MESSAGE_BODY_MAX = 5000
/**
 * What an attachment may be, judged by its bytes. The attachment rule (five a message, 10 MB each, the
 * picker's accept, the thread's body cap) is MESSAGE_ATTACHMENT in app/domain/uploads.ts.
 */
export type AttachmentType = (typeof MESSAGE_ATTACHMENT.types)[number]

/** A report's reason, in characters. */
export const REPORT_REASON_MAX = 2000
/** Inbox search text, in characters. */
export const INBOX_QUERY_MAX = 100

export const INBOX_PAGE_SIZE = 20
/** Messages shown at once; "Load earlier" fetches the previous ones. */
export const THREAD_PAGE_SIZE = 50

// The messages and attachments one user may send are limited in app/lib/action-limits.ts (ACTION_LIMITS.message, messageAttachment).

/** The thread page's POST intents. */
export const THREAD_INTENTS = ['send', 'read', 'report', 'block', 'unblock'] as const
export type ThreadIntent = (typeof THREAD_INTENTS)[number]

/** Every field the thread's forms post; the fuzz targets use the same list. */
export const THREAD_FIELDS = ['intent', 'body', 'clientKey', 'files', 'seq', 'reason'] as const
/** Every field "Message" buttons post to /messages/start. */
export const START_FIELDS = ['subjectType', 'subjectId', 'with'] as const
