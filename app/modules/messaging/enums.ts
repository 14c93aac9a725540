// The messaging module's limits (its value lists are in app/domain). Browser-safe: forms, actions
// and tests import them from here.

/** Longest message text, in characters (code points, as PostgreSQL's char_length counts). */
export const MESSAGE_BODY_MAX = 5000
/** Attachments per message, and the largest one. */
export const ATTACHMENTS_MAX = 5
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
/** What an attachment may be, judged by its bytes, and the extension it is stored under. */
export const ATTACHMENT_TYPES = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const
export type AttachmentType = keyof typeof ATTACHMENT_TYPES
/** The file input's `accept`. */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
/** Longest attachment name kept (the database's check). */
export const ATTACHMENT_NAME_MAX = 255
/**
 * The thread's POST body cap: five attachments of 10 MB plus the text and multipart framing. The
 * server (bodyLimits in app/entry.server.tsx) and the action both hold to it.
 */
export const SEND_MAX_REQUEST_BYTES = 52 * 1024 * 1024

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
