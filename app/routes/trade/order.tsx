import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/order'
import { Detail, DetailList } from '~/components/detail-list'
import { MessageButton } from '~/components/message-button'
import { ActionError } from '~/components/action-error'
import { BackLink } from '~/components/back-link'
import { Timeline } from '~/components/timeline'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import type { Language } from '~/lib/i18n'
import { parseSubmission } from '~/lib/form'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { requireUser } from '~/modules/accounts/index.server'
import { DisputeCard } from '~/modules/disputes'
import { getOrderDisputeState } from '~/modules/disputes/index.server'
import { changeOrderStatus, getOrder } from '~/modules/orders/index.server'
import { CancelOrderDialog, CancelOrderSchema, nextOrderStatuses, OrderStatusDialog, OrderStatusSchema } from '~/modules/orders'
import { RateStampNote, sameStampedRates, StampedAmount } from '~/modules/rates'
import { TRADE_DOCUMENT_LANGUAGE, unitText } from '~/domain'
import { OrderDocuments } from '~/modules/documents'
import { listOrderDocuments } from '~/modules/documents/index.server'
import { MilestonesPanel, MilestoneTimelineEntry } from '~/modules/payments'
import { getOrderPayments } from '~/modules/payments/index.server'

// One order (issue 8 item 9): its parties, the agreed terms, the status and the timeline of every
// change. Only the buyer and the seller see it; anyone else, a forged or a malformed id: the 404 page.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const locale = getLocale(context) as Language
  const order = user.profile ? await getOrder(user.profile.id, params.id, locale) : null
  if (!order) throw data(null, { status: 404 })
  const [i18n, disputeState, documents, payments] = await Promise.all([
    getI18n(request, context),
    getOrderDisputeState(user.profile!.id, order.id),
    listOrderDocuments(user.profile!.id, order.id),
    getOrderPayments(user.profile!.id, order.id),
  ])
  return { order, disputeState, documents, payments, locale, origin: publicOrigin(request), title: i18n.t('rfqs:orders.page.title', { id: order.id.slice(0, 8) }) }
}

export const meta: Route.MetaFunction = noindexMeta()

/** The seller's status dialog (intent 'status') or the buyer's cancel (intent 'cancel'); refusals write nothing. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  // Not a party (or no such order): the 404 page, before the form is even read.
  const order = user.profile ? await getOrder(user.profile.id, params.id) : null
  if (!order || !user.profile) throw data(null, { status: 404 })
  const form = await readForm(request)
  // The buyer's cancel dialog posts intent 'cancel' and a reason; the seller's dialog a status and a note.
  const parsed = form.get('intent') === 'cancel' ? parseSubmission(CancelOrderSchema.transform((v) => ({ ...v, status: 'Cancelled' as const })), form) : parseSubmission(OrderStatusSchema, form)
  if (!parsed.ok) return data({ formError: parsed.fieldErrors.status ?? parsed.fieldErrors.note ?? 'rfqs:orders.errors.status' }, { status: 400 })
  const result = await changeOrderStatus(user.profile.id, order.id, parsed.value.status, parsed.value.note)
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 })
    // A refused shipment names the payment milestones not confirmed yet (formErrorValues).
    return data({ formError: result.error, formErrorValues: result.values }, { status: result.status })
  }
  return redirectWithToast(request, `/orders/${order.id}`, { type: 'success', key: result.role === 'buyer' ? 'rfqs:orders.cancelled' : 'rfqs:orders.updated' })
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { order } = loaderData
  const format = useFormat()
  // While a dispute is open the order stands still: no status dialog (the action refuses it too).
  const next = order.disputed ? [] : nextOrderStatuses(order.status, order.viewerRole)
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const formErrorValues = (actionData && 'formErrorValues' in actionData ? actionData.formErrorValues : undefined) as Record<string, string | number> | undefined
  const { payments } = loaderData
  // The order's timeline: its status changes and its payment milestones' moves, oldest first.
  const timeline = [
    ...order.events.map((e) => ({ kind: 'status' as const, ...e })),
    ...(payments?.events ?? []).map((e) => ({ kind: 'milestone' as const, ...e })),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  const term = (label: string, value: React.ReactNode) => (
    <Detail label={label} valueClassName="break-words">
      {value}
    </Detail>
  )
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <BackLink to={order.viewerRole === 'buyer' ? '/orders' : '/dashboard/orders'}>{order.viewerRole === 'buyer' ? t('orders.page.backBuyer') : t('orders.page.backSeller')}</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-3xl font-bold tracking-tight">{t('orders.page.title', { id: order.id.slice(0, 8) })}</h1>
          <Badge variant="secondary" data-testid="order-status">
            {t(`orderStatuses.${order.status}`)}
          </Badge>
          {payments?.paid ? (
            <Badge variant="success" data-testid="order-paid">
              {t('payments:milestones.paid')}
            </Badge>
          ) : null}
          {order.disputed ? (
            <Badge variant="destructive" data-testid="order-disputed">
              {t('disputes:badge')}
            </Badge>
          ) : null}
        </div>
        {order.rfqTitle ? (
          <p className="text-muted-foreground break-words">
            {t('orders.page.rfq')}:{' '}
            {order.negotiationPath ? (
              <Link to={order.negotiationPath} className="underline underline-offset-4">
                {order.rfqTitle}
              </Link>
            ) : (
              order.rfqTitle
            )}
          </p>
        ) : null}
        {order.product ? (
          <p className="text-muted-foreground break-words">
            {t('orders.product')}:{' '}
            {order.product.name ? (
              <Link
                to={`/products/${order.product.id}`}
                className="underline underline-offset-4"
                data-testid="order-product"
                lang={order.product.lang && order.product.lang !== loaderData.locale ? order.product.lang : undefined}
              >
                {order.product.name}
              </Link>
            ) : (
              t('orders.productGone')
            )}
          </p>
        ) : null}
      </header>
      <ActionError message={formError && t(formError, formErrorValues)} />
      <div className="flex flex-wrap gap-2">
        <MessageButton
          subjectType="order"
          subjectId={order.id}
          label={order.viewerRole === 'buyer' ? 'start.messageSeller' : 'start.messageBuyer'}
          context={order.viewerRole === 'buyer' ? order.seller.company : order.buyer.company}
        />
      </div>
      {loaderData.disputeState ? <DisputeCard orderId={order.id} state={loaderData.disputeState} /> : null}
      {next.length > 0 ? (
        <div className="flex flex-wrap gap-2" data-testid="order-actions">
          {order.viewerRole === 'seller' ? <OrderStatusDialog orderId={order.id} status={order.status} next={next} /> : <CancelOrderDialog />}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {(['buyer', 'seller'] as const).map((side) => (
          <Card key={side}>
            <CardHeader>
              <h2 className="text-sm font-medium text-muted-foreground">{t(`orders.${side}`)}</h2>
            </CardHeader>
            <CardContent>
              <p className="font-semibold break-words">{order[side].company}</p>
              <p className="text-sm text-muted-foreground">{t(`locations.${order[side].country}`)}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card data-testid="order-terms">
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('orders.page.terms')}</h2>
        </CardHeader>
        <CardContent>
          <DetailList compact>
            {term(t('negotiation.terms.unitPrice'), `${format.money(order.unitPrice, order.currency)} ${t(`units:per.${order.unit}`)}`)}
            {term(t('negotiation.terms.quantity'), `${format.count(order.quantity)} ${order.unit ? t(...unitText(order.unit, order.quantity)) : ''}`.trim())}
            {term(
              t('orders.total'),
              <>
                <span className="font-semibold">{format.money(order.total, order.currency)}</span>
                <StampedAmount amount={order.total} stamp={order.rates} className="block text-sm text-muted-foreground" />
              </>,
            )}
            {term(t('orders.page.currency'), order.currency)}
            {order.incoterm ? term(t('negotiation.terms.incoterm'), `${order.incoterm} ${order.incotermPlace ?? ''}`.trim()) : null}
            {order.leadTimeDays !== null ? term(t('negotiation.terms.leadTime'), t('compare.days', { count: order.leadTimeDays })) : null}
            {order.product
              ? term(
                  t('orders.shipping'),
                  order.shipping ? (
                    <span data-testid="order-shipping">
                      {t(`catalog:product.shipping.methods.${order.shipping.method}`)} · {format.money(order.shipping.price, order.shipping.currency)}
                      {order.shipping.currency !== order.currency ? (
                        <span className="block text-xs text-muted-foreground">{t('orders.shippingSeparate', { currency: order.shipping.currency })}</span>
                      ) : null}
                    </span>
                  ) : (
                    t('orders.noShipping')
                  ),
                )
              : null}
            {order.paymentTerms ? term(t('negotiation.terms.paymentTerms'), order.paymentTerms) : null}
          </DetailList>
          {/* The rates both parties had then (ADR 028): the order's own, and the accepted offer's when they differ. */}
          <div className="mt-4 flex flex-col gap-1 border-t pt-3" data-testid="order-rates">
            {order.rates ? <RateStampNote stamp={order.rates} label={t('rateStamp.orderLabel')} /> : <p className="text-sm text-muted-foreground">{t('rateStamp.notRecorded')}</p>}
            {order.offerRates && !(order.rates && sameStampedRates(order.rates, order.offerRates.stamp)) ? (
              <RateStampNote stamp={order.offerRates.stamp} label={t('rateStamp.offerLabel', { round: order.offerRates.round })} className="text-muted-foreground" />
            ) : null}
          </div>
        </CardContent>
      </Card>
      {payments ? <MilestonesPanel orderId={order.id} payments={payments} viewerRole={order.viewerRole} /> : null}
      <OrderDocuments documents={loaderData.documents} basePath={`/orders/${order.id}`} secondLanguage={TRADE_DOCUMENT_LANGUAGE[order.buyer.country]} />
      <Timeline id="timeline-heading" title={t('orders.page.timeline')} testId="order-timeline" items={timeline} itemKey={(_, i) => i}>
        {(e) =>
          e.kind === 'milestone' ? (
            <MilestoneTimelineEntry entry={e} />
          ) : (
          <>
            <p className="text-sm">
              <span className="font-medium">{t(`orderStatuses.${e.status}`)}</span> —{' '}
              {e.actorName ?? (e.byModerator ? t('orders.page.moderator') : t('orders.page.someone'))}
              {e.actorRole ? ` (${t(`orders.${e.actorRole}`)})` : ''} · <time dateTime={e.createdAt}>{format.dateTime(e.createdAt)}</time>
            </p>
            {e.note ? <p className="mt-1 text-sm break-words whitespace-pre-line">{e.note}</p> : null}
          </>
          )
        }
      </Timeline>
    </div>
  )
}
