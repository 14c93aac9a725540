import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/rfqs'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { Detail, DetailList } from '~/components/detail-list'
import { MessageButton } from '~/components/message-button'
import { PageHeader } from '~/components/page-header'
import { PagedList } from '~/components/paged-list'
import { RatesFootnote } from '~/components/reader-amount'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { registryBadgeTexts, requireUser } from '~/modules/accounts/index.server'
import { RegistryBadges } from '~/modules/accounts'
import { Pagination } from '~/modules/catalog'
import { closeRfq, getBuyerQuoteCounts, listOwnRfqs, listQuotesForBuyer, type RfqListItemDto } from '~/modules/rfqs/index.server'
import { CloseRfqSchema, parseRfqListPage, type ProductRequestStatus, QuoteComparison, RfqCard, RfqTermDetails } from '~/modules/rfqs'
import type { RfqStatus } from '~/domain'
import { unitText } from '~/domain'

// My RFQs (spec §2 /rfqs, issue 8 item 3): the signed-in user's own RFQs, newest first, paginated on
// the server, with Close RFQ and every quote received, compared side by side (item 5).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const locale = getLocale(context) as Language
  const i18n = await getI18n(request, context)
  const page = parseRfqListPage(new URL(request.url).searchParams)
  const seo = { locale, origin: publicOrigin(request), title: i18n.t('rfqs:list.title'), description: i18n.t('rfqs:list.description') }
  // Without a profile the layout shows the profile form in place of this page.
  if (!user.profile) return { ...seo, list: null, quotes: {}, awaitingQuotes: 0, registryBadges: {} }
  const list = await listOwnRfqs(user.profile.id, page, locale)
  // Quotes waiting for the buyer's answer, over all their open RFQs (issue 8 item 11).
  const { awaitingQuotes } = await getBuyerQuoteCounts(user.profile.id)
  const quotes = await listQuotesForBuyer(
    user.profile.id,
    list.items.map((r) => r.id),
  )
  // The quoting sellers' verified registry identities, numbers included: the buyer is their counterparty.
  const registryBadges = await registryBadgeTexts(Object.values(quotes).flatMap((qs) => qs.map((q) => q.sellerId)), true, i18n.t)
  return { ...seo, list, quotes, awaitingQuotes, registryBadges }
}

export const meta: Route.MetaFunction = noindexMeta('/rfqs')

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const parsed = CloseRfqSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ formError: 'rfqs:errors.unknownAction' }, { status: 400 })
  // Someone else's RFQ or a forged id: the same answer as one that does not exist.
  const outcome = user.profile ? await closeRfq(user.profile.id, parsed.data.rfqId) : 'notFound'
  if (outcome === 'notFound') throw data(null, { status: 404 })
  if (outcome === 'notOpen') return data({ formError: 'rfqs:errors.notOpen' }, { status: 409 })
  const back = new URL(request.url)
  const pageNo = parseRfqListPage(back.searchParams)
  return redirectWithToast(request, pageNo > 1 ? `/rfqs?page=${pageNo}` : '/rfqs', { type: 'success', key: 'rfqs:list.closed' })
}

type BadgeVariant = 'success' | 'secondary' | 'default' | 'warning' | 'destructive'
const STATUS_VARIANT: Record<RfqStatus, BadgeVariant> = { open: 'success', closed: 'secondary', awarded: 'default', expired: 'warning', rejected: 'destructive' }
/** A product request reads in spec §4's states (ADR 009). */
const REQUEST_VARIANT: Record<ProductRequestStatus, BadgeVariant> = { Pending: 'warning', Quoted: 'success', Accepted: 'default', Rejected: 'destructive', Expired: 'secondary', Closed: 'secondary' }

/** A product request's product (a link while the product is public), its seller and, once rejected, the seller's reason. */
function RequestDetails({ rfqId, request }: { rfqId: string; request: NonNullable<RfqListItemDto['request']> }) {
  const { t } = useTranslation('rfqs')
  return (
    <>
      <Detail label={t('list.product')} valueClassName="break-words" valueTestId="request-product">
        {request.product === null ? (
          t('list.productGone')
        ) : request.product.public ? (
          <Link to={`/products/${request.product.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {request.product.name}
          </Link>
        ) : (
          request.product.name
        )}
      </Detail>
      <Detail label={t('list.seller')} valueClassName="flex flex-wrap items-center gap-2 break-words">
        <span data-testid="request-seller">{request.sellerCompany}</span>
        <MessageButton subjectType="rfq" subjectId={rfqId} withId={request.sellerId} label="start.messageSeller" context={request.sellerCompany} />
      </Detail>
    </>
  )
}

function CloseButton({ rfq }: { rfq: RfqListItemDto }) {
  const { t } = useTranslation('rfqs')
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          {t('list.close')}
          <span className="sr-only">: {rfq.title}</span>
        </Button>
      }
      title={t('list.closeTitle')}
      description={t('list.closeDescription', { title: rfq.title })}
      fields={{ rfqId: rfq.id }}
      intent="close"
      cancelLabel={t('list.keepOpen')}
      confirmLabel={t('list.confirmClose')}
    />
  )
}

export default function MyRfqs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const { list, quotes, awaitingQuotes, registryBadges } = loaderData
  if (!list) return null
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <PageHeader
        title={
          <>
            {t('list.title')} <span className="text-muted-foreground">({format.count(list.total)})</span>
          </>
        }
        description={t('list.description')}
        link={{ to: '/create-rfq', label: t('list.create'), icon: Plus }}
      />
      {awaitingQuotes > 0 ? (
        <p className="rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium" data-testid="quotes-awaiting">
          {t('list.awaitingQuotes', { count: awaitingQuotes })}
        </p>
      ) : null}
      <PagedList
        error={actionData && 'formError' in actionData ? t(actionData.formError) : undefined}
        isEmpty={list.items.length === 0}
        empty={list.total === 0 ? t('list.empty') : t('list.pageEmpty')}
        pagination={<Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => (page > 1 ? `/rfqs?page=${page}` : '/rfqs')} />}
      >
        <ul className="flex flex-col gap-4">
          {list.items.map((rfq) => (
            <li key={rfq.id}>
              <RfqCard
                rfq={rfq}
                heading="h2"
                testId="rfq-card"
                badge={
                  rfq.request ? (
                    <Badge variant={REQUEST_VARIANT[rfq.request.status]} data-testid="request-status">
                      {t(`requestStatuses.${rfq.request.status}`)}
                    </Badge>
                  ) : (
                    <Badge variant={STATUS_VARIANT[rfq.status]}>{t(`statuses.${rfq.status}`)}</Badge>
                  )
                }
              >
                {rfq.request ? <p className="text-sm font-medium">{t('list.productRequest')}</p> : null}
                {rfq.description ? <p className="line-clamp-3 text-sm break-words whitespace-pre-line">{rfq.description}</p> : null}
                {rfq.request?.rejectionReason ? (
                  <div role="note" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="rejection-reason">
                    <p className="font-medium">{t('list.rejectedBy', { seller: rfq.request.sellerCompany })}</p>
                    <p className="mt-1 break-words whitespace-pre-line">{rfq.request.rejectionReason}</p>
                  </div>
                ) : null}
                <DetailList>
                  {rfq.request ? <RequestDetails rfqId={rfq.id} request={rfq.request} /> : null}
                  <Detail label={t('list.quantity')}>
                    {format.count(rfq.quantity)} {t(...unitText(rfq.unit, rfq.quantity))}
                  </Detail>
                  {rfq.request ? (
                    <Detail label={t('list.currency')}>{rfq.currency}</Detail>
                  ) : (
                    // An open RFQ's terms; a product request has none of its own (the seller's quote brings them).
                    <>
                      <RfqTermDetails rfq={rfq} />
                      <Detail label={t('list.location')}>{t(`locations.${rfq.locationPreference}`)}</Detail>
                    </>
                  )}
                  {rfq.destination ? (
                    <Detail label={t('list.destination')} valueClassName="break-words">
                      {rfq.destination}
                    </Detail>
                  ) : null}
                  {rfq.hsCode ? <Detail label={t('list.hsCode')}>{rfq.hsCode}</Detail> : null}
                </DetailList>
                {quotes[rfq.id]?.length ? (
                  <QuoteComparison
                    rfqId={rfq.id}
                    rfqTitle={rfq.title}
                    unit={rfq.unit}
                    quotes={quotes[rfq.id]!}
                    actions={(q) => <MessageButton subjectType="quote" subjectId={q.id} label="start.messageSeller" context={q.sellerCompany} />}
                    sellerBadges={(q) => <RegistryBadges texts={registryBadges[q.sellerId]} />}
                  />
                ) : null}
                <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
                  <p className="text-sm text-muted-foreground" data-testid="quote-count">
                    {quotes[rfq.id]?.length ? t('list.quoteCount', { count: rfq.quoteCount }) : t('list.noQuotes')}
                  </p>
                  {rfq.status === 'open' ? <CloseButton rfq={rfq} /> : null}
                </div>
              </RfqCard>
            </li>
          ))}
        </ul>
      </PagedList>
      {/* The rates the quotes' "≈" figures used (the quote tables convert at today's rates). */}
      <RatesFootnote currencies={Object.values(quotes).flatMap((qs) => qs.map((q) => q.currency))} />
    </div>
  )
}
