import { useTranslation } from 'react-i18next'
import type { Route } from './+types/messages'
import { TabSection } from '~/components/tab-section'
import type { Language } from '~/lib/i18n'
import { getLocale } from '~/lib/i18next.server'
import { Pagination } from '~/modules/catalog'
import { Inbox, LiveMessages, parseInboxQuery } from '~/modules/messaging'
import { listInbox } from '~/modules/messaging/index.server'
import { sellerGate } from '~/modules/products/index.server'

// The seller dashboard's Messages tab (spec §2, issue 9 item 2): the same inbox as /messages. The layout
// shows the gate to non-sellers.
export async function loader({ request, context }: Route.LoaderArgs) {
  const gate = await sellerGate(request)
  if (gate.state !== 'seller') return { inbox: null, locale: 'en' as Language }
  const locale = getLocale(context) as Language
  return { inbox: await listInbox(gate.seller.id, { ...parseInboxQuery(new URL(request.url).searchParams), locale }), locale }
}

const href = (q: string, page: number) => {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const s = params.toString()
  return s ? `/dashboard/messages?${s}` : '/dashboard/messages'
}

export default function SellerMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('messages')
  const { inbox } = loaderData
  if (!inbox) return null
  return (
    <TabSection id="seller-messages-heading" title={t('inbox.title')}>
      <Inbox inbox={inbox} action="/dashboard/messages" locale={loaderData.locale} />
      <LiveMessages />
      <Pagination page={inbox.page} totalPages={inbox.pageCount} hrefFor={(page) => href(inbox.q, page)} />
    </TabSection>
  )
}
