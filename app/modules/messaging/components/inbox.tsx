import { Search } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { INBOX_QUERY_MAX } from '../enums'
import type { InboxPage } from '../queries.server'
import { LocalTime } from './local-time'
import { SubjectLabel } from './subject-label'

/**
 * The inbox (issue 9 item 2), shared by /messages and the seller dashboard's Messages tab: a search by
 * the other party or the product, and the conversations, newest activity first, with their unread counts.
 * `action` is the page the search form reloads.
 */
export function Inbox({ inbox, action, locale }: { inbox: InboxPage; action: string; locale: string }) {
  const { t } = useTranslation('messages')
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={action} role="search" className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor="inbox-q">{t('inbox.search')}</Label>
          <Input id="inbox-q" name="q" type="search" defaultValue={inbox.q} maxLength={INBOX_QUERY_MAX} placeholder={t('inbox.searchPlaceholder')} />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          {t('inbox.searchButton')}
        </Button>
      </Form>
      {inbox.items.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground" data-testid="inbox-empty">
            {inbox.q ? t('inbox.noResults', { q: inbox.q }) : t('inbox.empty')}
          </CardContent>
        </Card>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="inbox-list" aria-label={t('inbox.listLabel')}>
          {inbox.items.map((c) => (
            <li key={c.id} data-testid="inbox-item" data-conversation-id={c.id}>
              <Link
                to={`/messages/${c.id}`}
                className="flex flex-col gap-1 rounded-lg border bg-card p-4 transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 font-semibold break-words">
                    {c.other.name}
                    <span className="font-normal text-muted-foreground">
                      {' '}
                      · {c.other.company} · {t(`countries.${c.other.country}`)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted-foreground">
                    {c.unread > 0 ? (
                      <Badge data-testid="unread-count" aria-label={t('inbox.unread', { count: c.unread })}>
                        {c.unread}
                      </Badge>
                    ) : null}
                    <LocalTime iso={c.updatedAt} />
                  </span>
                </span>
                <span className="text-sm text-muted-foreground break-words">
                  <SubjectLabel subject={c.subject} locale={locale} />
                </span>
                <span className={c.unread > 0 ? 'line-clamp-2 text-sm font-medium break-words' : 'line-clamp-2 text-sm break-words'} data-testid="last-message">
                  {c.lastMessage ? (
                    <>
                      {c.lastMessage.mine ? `${t('inbox.you')}: ` : ''}
                      {c.lastMessage.body}
                      {c.lastMessage.attachmentName ? (
                        <span className="ml-1 inline-flex items-center gap-1 text-muted-foreground">
                          <span aria-hidden>📎</span>
                          <span className="sr-only">{t('inbox.attachment')}:</span>
                          {c.lastMessage.attachmentName}
                          {c.lastMessage.attachmentCount > 1 ? ` ${t('inbox.moreFiles', { count: c.lastMessage.attachmentCount - 1 })}` : ''}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-muted-foreground">{t('inbox.noMessages')}</span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
