import { ArrowLeft, CheckCheck, FileText, ImageIcon } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useFetcher } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { useFormat, type Formatters } from '~/lib/use-format'
import { cn } from '~/lib/utils'
import type { MessageDto, ThreadDto } from '../queries.server'
import { Composer, type SendAnswer } from './composer'
import { LocalTime } from './local-time'
import { BlockDialog, ReportDialog, UnblockButton } from './safety-dialogs'
import { SubjectLabel } from './subject-label'

function fileSize(bytes: number, format: Formatters) {
  const mb = bytes >= 1024 * 1024
  return format.number(mb ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024), { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: mb ? 1 : 0 })
}

/** One message: who wrote it, when, the text (always as text, line breaks kept), its files, and "Read" on the viewer's own. */
export function MessageItem({ message, otherName }: { message: MessageDto; otherName: string }) {
  const { t } = useTranslation('messages')
  const format = useFormat()
  return (
    <li data-testid="message" data-seq={message.seq} data-mine={message.mine ? 'true' : 'false'} className={cn('flex', message.mine ? 'justify-end' : 'justify-start')}>
      <article className={cn('flex max-w-[85%] flex-col gap-1 rounded-lg border px-3 py-2', message.mine ? 'border-primary/30 bg-primary/5' : 'bg-card')}>
        <header className="flex flex-wrap items-baseline gap-2 text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">{message.mine ? t('thread.you') : otherName}</span>
          <LocalTime iso={message.createdAt} />
        </header>
        {message.body ? <p className="text-sm break-words whitespace-pre-wrap" data-testid="message-body">{message.body}</p> : null}
        {message.attachments.length ? (
          <ul className="flex flex-col gap-1" aria-label={t('thread.attachments')}>
            {message.attachments.map((a) => (
              <li key={a.id}>
                <a href={a.url} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="attachment-link" download={a.fileName}>
                  {a.contentType === 'application/pdf' ? <FileText className="size-4" aria-hidden /> : <ImageIcon className="size-4" aria-hidden />}
                  <span className="break-all">{a.fileName}</span>
                  <span className="text-xs font-normal text-muted-foreground">({fileSize(a.sizeBytes, format)})</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {message.mine && message.read ? (
          <p className="flex items-center justify-end gap-1 text-xs text-muted-foreground" data-testid="read-receipt">
            <CheckCheck className="size-3.5" aria-hidden />
            {t('thread.read')}
          </p>
        ) : null}
      </article>
    </li>
  )
}

/** Posts 'read' up to the newest message while the page is visible and something is unread (a GET never writes). */
function useMarkRead(action: string, newestSeq: number | null, unread: number) {
  const fetcher = useFetcher()
  const posted = useRef(0)
  useEffect(() => {
    if (!newestSeq || unread <= 0 || posted.current >= newestSeq) return
    const post = () => {
      if (document.visibilityState !== 'visible' || posted.current >= newestSeq) return
      posted.current = newestSeq
      fetcher.submit({ intent: 'read', seq: String(newestSeq) }, { method: 'post', action })
    }
    post()
    document.addEventListener('visibilitychange', post)
    return () => document.removeEventListener('visibilitychange', post)
    // fetcher.submit is stable enough for this; re-run only when there is something new to mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action, newestSeq, unread])
}

/**
 * A conversation (issue 9 item 3): what it is about, the other party, Report and Block, the messages
 * oldest first (the latest 50; "Load earlier" fetches more) and the composer. The message list is
 * `data-testid="message-list"` with one `data-testid="message"` per message carrying its `data-seq`, so
 * live updates can append to it.
 */
export function Thread({ thread, clientKey, locale, sendAnswer, backTo }: { thread: ThreadDto; clientKey: string; locale: string; sendAnswer?: SendAnswer; backTo: string }) {
  const { t } = useTranslation('messages')
  const action = `/messages/${thread.id}`
  const earlierFetcher = useFetcher<{ thread: ThreadDto | null }>()
  const [earlier, setEarlier] = useState<{ messages: MessageDto[]; hasEarlier: boolean } | null>(null)
  useEffect(() => {
    const loaded = earlierFetcher.data?.thread
    if (earlierFetcher.state !== 'idle' || !loaded) return
    setEarlier((prev) => ({ messages: [...loaded.messages, ...(prev?.messages ?? [])], hasEarlier: loaded.hasEarlier }))
  }, [earlierFetcher.state, earlierFetcher.data])
  // The earlier pages plus the latest, one entry per seq, oldest first.
  const shown = useMemo(() => {
    const bySeq = new Map<number, MessageDto>()
    for (const m of [...(earlier?.messages ?? []), ...thread.messages]) bySeq.set(m.seq, m)
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq)
  }, [earlier, thread.messages])
  const hasEarlier = earlier ? earlier.hasEarlier : thread.hasEarlier
  const oldestSeq = shown[0]?.seq ?? null
  const newestSeq = shown.length ? shown[shown.length - 1]!.seq : null
  useMarkRead(action, newestSeq, thread.unread)
  const blocked = thread.blockedByMe || thread.blockedByOther
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          {t('thread.back')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="thread-title">
              {t('thread.title', { name: thread.other.name })}
            </h1>
            <p className="text-sm text-muted-foreground break-words">
              {thread.other.company} · {t(`countries.${thread.other.country}`)} · {t(`roles.${thread.role === 'buyer' ? 'seller' : 'buyer'}`)}
            </p>
            <p className="text-sm break-words" data-testid="thread-subject">
              <span className="text-muted-foreground">{t('thread.about')} </span>
              {thread.subject.path ? (
                <Link to={thread.subject.path} className="font-medium text-primary underline-offset-4 hover:underline">
                  <SubjectLabel subject={thread.subject} locale={locale} />
                </Link>
              ) : (
                <SubjectLabel subject={thread.subject} locale={locale} />
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {thread.reported ? (
              <p className="self-center text-sm text-muted-foreground" data-testid="reported">
                {t('report.done')}
              </p>
            ) : (
              <ReportDialog action={action} otherName={thread.other.name} />
            )}
            {thread.blockedByMe ? null : <BlockDialog action={action} otherName={thread.other.name} />}
          </div>
        </div>
      </header>
      {thread.blockedByMe ? (
        <Alert data-testid="blocked-notice" className="flex flex-wrap items-center justify-between gap-3">
          <AlertDescription>{t('block.youBlocked', { name: thread.other.name })}</AlertDescription>
          <UnblockButton action={action} />
        </Alert>
      ) : thread.blockedByOther ? (
        <Alert variant="destructive" data-testid="blocked-notice">
          <AlertDescription>{t('block.blockedYou', { name: thread.other.name })}</AlertDescription>
        </Alert>
      ) : null}
      <section aria-labelledby="messages-heading" className="flex flex-col gap-3">
        <h2 id="messages-heading" className="sr-only">
          {t('thread.messages')}
        </h2>
        {hasEarlier && oldestSeq ? (
          <div className="flex justify-center">
            <Button asChild variant="outline" size="sm">
              <Link
                to={`${action}?before=${oldestSeq}`}
                onClick={(e) => {
                  e.preventDefault()
                  if (earlierFetcher.state === 'idle') earlierFetcher.load(`${action}?before=${oldestSeq}`)
                }}
                data-testid="load-earlier"
              >
                {earlierFetcher.state !== 'idle' ? t('thread.loading') : t('thread.loadEarlier')}
              </Link>
            </Button>
          </div>
        ) : null}
        {shown.length === 0 ? <p className="text-center text-sm text-muted-foreground" data-testid="thread-empty">{t('thread.empty')}</p> : null}
        <ol className="flex flex-col gap-3" data-testid="message-list" aria-labelledby="messages-heading">
          {shown.map((m) => (
            <MessageItem key={m.seq} message={m} otherName={thread.other.name} />
          ))}
        </ol>
      </section>
      {blocked ? null : (
        <section aria-labelledby="composer-heading">
          <h2 id="composer-heading" className="sr-only">
            {t('composer.heading')}
          </h2>
          <Composer action={action} clientKey={clientKey} fallback={sendAnswer} />
        </section>
      )}
    </div>
  )
}
