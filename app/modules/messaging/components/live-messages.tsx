// Keeps the inbox and a thread current without a reload (ADR 011): on a live event that concerns the
// page, it re-runs the page's loaders (which read the database, so nothing is shown twice or missed,
// and the thread marks what it shows as read), and tells screen readers of each new message.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator, useRouteLoaderData } from 'react-router'
import { useLiveEvents, type LiveEvent } from '~/lib/live-events'

/** Several events in quick succession (a replay, a message and its read mark) cause one revalidation. */
const COALESCE_MS = 150

/**
 * Drop into the inbox (no conversationId: every conversation counts) or a thread (only its own events).
 * Renders a visually hidden aria-live region announcing the other party's new messages.
 */
export function LiveMessages({ conversationId }: { conversationId?: string }) {
  const { t } = useTranslation('notifications')
  const root = useRouteLoaderData('root') as { messageCursor?: number; user?: { profile?: unknown } | null } | undefined
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current)
  }, [])

  const refresh = () => {
    if (timer.current) return
    timer.current = setTimeout(() => {
      timer.current = null
      void revalidate.current()
    }, COALESCE_MS)
  }

  const concerns = (event: LiveEvent) => {
    switch (event.type) {
      case 'message':
        return !conversationId || event.message.conversationId === conversationId
      case 'read':
      case 'block':
        return !conversationId || event.conversationId === conversationId
      case 'reconnected':
        return true
      default:
        return false
    }
  }

  useLiveEvents(
    root?.messageCursor ?? 0,
    (event) => {
      if (!concerns(event)) return
      refresh()
      if (event.type === 'message' && !event.message.mine) {
        const { senderName, body, attachments } = event.message
        const text = body.trim() ? `${t('messagesLive.newMessage', { name: senderName })}: ${body.trim().slice(0, 200)}` : attachments.length ? t('messagesLive.newAttachment', { name: senderName }) : t('messagesLive.newMessage', { name: senderName })
        setAnnouncement(text)
      }
    },
    Boolean(root?.user?.profile),
  )

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
      {announcement}
    </div>
  )
}
