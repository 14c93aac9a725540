// The /notifications page's input: one rule each, shared by the route and its tests.
import { z } from 'zod'
import { UUID_PATTERN } from '~/domain'

/** Notices per page of /notifications. */
export const NOTIFICATION_PAGE_SIZE = 20

/** ?page=N: a positive whole number; anything else reads as the first page. */
export function parseNotificationPage(params: URLSearchParams): number {
  const raw = params.get('page')
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1
  return Math.max(1, Number(raw))
}

/** The page's two forms: open one notice (marks it read, then follows its link) or mark all as read. */
export const NotificationActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('open'), id: z.string().regex(UUID_PATTERN) }),
  z.object({ intent: z.literal('read-all') }),
])
export type NotificationActionInput = z.infer<typeof NotificationActionSchema>
