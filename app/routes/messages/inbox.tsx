import { useTranslation } from 'react-i18next'
import type { Route } from './+types/inbox'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { seoMeta } from '~/lib/seo'
import { requireUser } from '~/modules/accounts/index.server'
import { Pagination } from '~/modules/catalog'
import { Inbox, LiveMessages, parseInboxQuery } from '~/modules/messaging'
import { listInbox } from '~/modules/messaging/index.server'

// The inbox (issue 9 item 2): the signed-in user's conversations, as buyer and as seller, newest activity
// first, 20 a page, with a search by the other party or the product.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const i18n = await getI18n(request, context)
  const locale = getLocale(context) as Language
  const seo = { locale, origin: publicOrigin(request), title: i18n.t('messages:inbox.title'), description: i18n.t('messages:inbox.description') }
  // Without a profile the layout shows the profile form in place of this page.
  if (!user.profile) return { ...seo, inbox: null }
  const query = parseInboxQuery(new URL(request.url).searchParams)
  return { ...seo, inbox: await listInbox(user.profile.id, { ...query, locale }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/messages', locale: loaderData.locale, noindex: true }) : []

/** A page link keeping the search. */
function inboxHref(base: string, q: string, page: number) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const s = params.toString()
  return s ? `${base}?${s}` : base
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('messages')
  const { inbox } = loaderData
  if (!inbox) return null
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('inbox.title')}</h1>
        <p className="text-muted-foreground">{t('inbox.description')}</p>
      </header>
      <Inbox inbox={inbox} action="/messages" locale={loaderData.locale} />
      <LiveMessages />
      <Pagination page={inbox.page} totalPages={inbox.pageCount} hrefFor={(page) => inboxHref('/messages', inbox.q, page)} />
    </div>
  )
}
