import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { cn } from '~/lib/utils'
import { useFormat } from '~/lib/use-format'
import { notificationText } from '../messages'
import type { NotificationDto } from '../queries.server'

/**
 * The recipient's notices: each is a form button that marks it read and opens its page (POST, so a
 * link preview or prefetch never marks anything). Unread ones are marked in text as well as colour.
 */
export function NotificationList({ items }: { items: NotificationDto[] }) {
  const { t } = useTranslation('notifications')
  const format = useFormat()
  return (
    <ul className="flex flex-col divide-y rounded-lg border" data-testid="notification-list">
      {items.map((n) => {
        const { title, body } = notificationText(t, format.reader, n.kind, n.params)
        return (
          <li key={n.id} data-testid="notification" data-unread={n.read ? undefined : 'true'} className={cn(!n.read && 'bg-accent/40')}>
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="open" />
              <input type="hidden" name="id" value={n.id} />
              <button type="submit" className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
                <span className="flex flex-wrap items-center gap-2">
                  {!n.read ? (
                    <span className="inline-flex items-center gap-1 text-xs font-semibold text-primary">
                      <span aria-hidden className="size-2 rounded-full bg-primary" />
                      {t('unreadLabel')}
                    </span>
                  ) : null}
                  <span className={cn('break-words', n.read ? 'font-medium' : 'font-semibold')}>{title}</span>
                </span>
                <span className="text-sm break-words text-muted-foreground">{body}</span>
                <time dateTime={n.createdAt} className="text-xs text-muted-foreground">
                  {format.dateTime(n.createdAt)}
                </time>
              </button>
            </Form>
          </li>
        )
      })}
    </ul>
  )
}
