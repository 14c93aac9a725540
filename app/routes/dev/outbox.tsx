import { Inbox } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/outbox'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { listOutbox } from '~/lib/email.server'
import { devOutboxEnabled, isLoopbackAddress } from '~/lib/env.server'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { clientIp } from '~/lib/security-events.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { useFormat } from '~/lib/use-format'

// Development only (docs/decisions/003): the messages the app would have mailed. Off → 404, and
// 404 to any client not on this machine (the client address comes from the socket, never a header).
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!devOutboxEnabled() || !isLoopbackAddress(clientIp(request))) throw data(null, { status: 404 })
  const url = new URL(request.url)
  // No address holds control characters, and PostgreSQL refuses a NUL in text (it was a 500).
  const to = url.searchParams.get('to')?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 254) || null
  const [i18n, messages] = await Promise.all([getI18n(request, context), listOutbox({ to })])
  return {
    locale: getLocale(context) as Language,
    origin: publicOrigin(request),
    title: i18n.t('email:outbox.title'),
    description: i18n.t('email:outbox.description'),
    to,
    messages,
  }
}

export const meta: Route.MetaFunction = noindexMeta('/dev/outbox')

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('email')
  const { messages, to } = loaderData
  const format = useFormat()
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('outbox.title')}</h1>
        <p className="text-muted-foreground">{t('outbox.description')}</p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-64 flex-1 flex-col gap-2">
          <Label htmlFor="outbox-to">{t('outbox.filterLabel')}</Label>
          <Input id="outbox-to" name="to" type="email" defaultValue={to ?? ''} maxLength={254} />
        </div>
        <Button type="submit" variant="outline">
          {t('outbox.filter')}
        </Button>
        {to ? (
          <Button asChild variant="ghost">
            <Link to="/dev/outbox">{t('outbox.clear')}</Link>
          </Button>
        ) : null}
      </Form>
      {messages.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden />
          <p>{t('outbox.empty')}</p>
        </div>
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t('outbox.listLabel')}>
          {messages.map((m) => (
            <li key={m.id}>
              <Card data-testid="outbox-message">
                <CardHeader className="gap-1">
                  <h2 className="text-lg font-semibold">{m.subject}</h2>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
                    <dt>{t('outbox.to')}</dt>
                    <dd data-testid="outbox-to">{m.to}</dd>
                    <dt>{t('outbox.sent')}</dt>
                    <dd>
                      <time dateTime={m.createdAt}>{format.dateTime(m.createdAt, 'long')}</time>
                    </dd>
                  </dl>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  {m.links.length > 0 ? (
                    <ul className="flex flex-col gap-1" aria-label={t('outbox.links')}>
                      {m.links.map((link) => (
                        <li key={link}>
                          <a href={link} className="break-all font-medium text-primary underline-offset-4 hover:underline" data-testid="outbox-link">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <details>
                    <summary className="cursor-pointer text-sm font-medium">{t('outbox.body')}</summary>
                    <pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{m.text}</pre>
                  </details>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
