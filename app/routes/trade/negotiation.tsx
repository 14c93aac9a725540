import { useTranslation } from 'react-i18next'
import { parseSubmission } from '~/lib/form'
import { data, Link } from 'react-router'
import type { Route } from './+types/negotiation'
import { Detail, DetailList } from '~/components/detail-list'
import { MessageButton } from '~/components/message-button'
import { ActionError } from '~/components/action-error'
import { BackLink } from '~/components/back-link'
import { Timeline } from '~/components/timeline'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { enforceLimit, limitAnswer } from '~/lib/rate-limit.server'
import { useFormat } from '~/lib/use-format'
import { requireUser } from '~/modules/accounts/index.server'
import { COUNTER_FORM, type CounterFieldErrors, CounterOfferSchema, NegotiationActions, NegotiationIntentSchema } from '~/modules/rfqs'
import { actOnQuote, getNegotiation, type OfferTerms } from '~/modules/rfqs/index.server'
import { RateStampNote, StampedAmount } from '~/modules/rates'
import { PaymentTermsSummary } from '~/modules/payments'
import { type QuantityUnit, unitText } from '~/domain'

// The negotiation on one quote (issue 8 items 6 and 7): the buyer of the RFQ and the quoting seller
// see the rounds and act in turns; anyone else gets the 404 page and writes nothing.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const view = user.profile ? await getNegotiation(user.profile.id, params.rfqId, params.quoteId) : null
  if (!view) throw data(null, { status: 404 })
  const i18n = await getI18n(request, context)
  const locale = getLocale(context) as Language
  return { view, locale, origin: publicOrigin(request), title: i18n.t('rfqs:negotiation.title', { title: view.rfq.title }) }
}

export const meta: Route.MetaFunction = noindexMeta()

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  // Not a party (or no such quote): the 404 page, before the form is even read.
  const view = user.profile ? await getNegotiation(user.profile.id, params.rfqId, params.quoteId) : null
  if (!view || !user.profile) throw data(null, { status: 404 })
  const form = await readForm(request)
  const intent = NegotiationIntentSchema.safeParse({ intent: form.get('intent') })
  if (!intent.success) return data({ formError: 'rfqs:negotiation.errors.unknownAction' }, { status: 400 })
  let counter
  if (intent.data.intent === 'counter') {
    const parsed = parseSubmission(CounterOfferSchema, form, COUNTER_FORM)
    if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors as CounterFieldErrors }, { status: 400 })
    // Counted once the offer is valid, before anything is written (issue 26 item 9).
    const limit = await enforceLimit('counterOffer', user.profile.id)
    if (!limit.ok) return limitAnswer(limit)
    counter = parsed.value
  }
  const result = await actOnQuote(user.profile.id, params.rfqId, params.quoteId, intent.data.intent, counter)
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 })
    // Below the quote's minimum order (with the minimum) or not in the unit's decimals: shown on the counter's quantity field.
    if (result.count !== undefined || result.error.startsWith('units:')) return data({ fieldErrors: { quantity: result.error } as CounterFieldErrors, count: result.count }, { status: result.status })
    return data({ formError: result.error }, { status: result.status })
  }
  return redirectWithToast(request, new URL(request.url).pathname, { type: 'success', key: `rfqs:negotiation.done.${result.action}` })
}

function Terms({ terms, currency, unit }: { terms: Omit<OfferTerms, 'expiresAt'> & { expiresAt?: string }; currency: string; unit: QuantityUnit }) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  return (
    <DetailList compact>
      <Detail label={t('negotiation.terms.unitPrice')}>
        {format.money(terms.unitPrice, currency)} {t(`units:per.${unit}`)}
      </Detail>
      <Detail label={t('negotiation.terms.quantity')}>
        {format.count(terms.quantity)} {t(...unitText(unit, terms.quantity))}
      </Detail>
      <Detail label={t('negotiation.terms.incoterm')} valueClassName="break-words">
        {terms.incoterm} {terms.incotermPlace}
      </Detail>
      <Detail label={t('negotiation.terms.leadTime')}>{t('compare.days', { count: terms.leadTimeDays })}</Detail>
      {terms.payment.kind !== 'none' ? (
        <Detail label={t('negotiation.terms.paymentTerms')} className="sm:col-span-2" valueClassName="break-words">
          <PaymentTermsSummary view={terms.payment} />
        </Detail>
      ) : null}
      {terms.expiresAt ? <Detail label={t('negotiation.terms.validUntil')}>{format.dateTime(terms.expiresAt)}</Detail> : null}
    </DetailList>
  )
}

export default function Negotiation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { view } = loaderData
  const format = useFormat()
  const { rfq, quote, order } = view
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined
  const errorCount = actionData && 'count' in actionData && typeof actionData.count === 'number' ? actionData.count : undefined
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-1">
        <BackLink to={view.viewerRole === 'buyer' ? '/rfqs' : '/dashboard/rfqs'}>{view.viewerRole === 'buyer' ? t('negotiation.backBuyer') : t('negotiation.backSeller')}</BackLink>
        <h1 className="text-3xl font-bold tracking-tight break-words">{rfq.title}</h1>
        <p className="text-muted-foreground">
          {t('negotiation.summary', {
            quantity: format.count(rfq.quantity),
            unit: t(...unitText(rfq.unit, rfq.quantity)),
            buyer: rfq.buyerCompany,
            seller: quote.sellerCompany,
          })}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <MessageButton
            subjectType="quote"
            subjectId={quote.id}
            label={view.viewerRole === 'buyer' ? 'start.messageSeller' : 'start.messageBuyer'}
            context={view.viewerRole === 'buyer' ? quote.sellerCompany : rfq.buyerCompany}
          />
        </div>
      </header>
      <ActionError message={formError && t(formError)} />
      {order ? (
        <Card data-testid="order-summary">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">{t('negotiation.order.title', { id: order.id.slice(0, 8) })}</h2>
            <Badge variant="secondary">{t(`orderStatuses.${order.status}`)}</Badge>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Terms terms={order} currency={order.currency} unit={rfq.unit} />
            <p className="text-base font-semibold">{t('negotiation.order.total', { total: format.money(order.total, order.currency) })}</p>
            <StampedAmount amount={order.total} stamp={order.rates} className="text-sm text-muted-foreground" />
            {order.rates ? <RateStampNote stamp={order.rates} label={t('rateStamp.orderLabel')} compact /> : null}
            <p className="text-sm text-muted-foreground">{t('negotiation.order.next')}</p>
            <Link to={`/orders/${order.id}`} className="text-sm font-medium underline underline-offset-4">
              {t('orders.page.open')}
            </Link>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('negotiation.current')}</h2>
          <Badge variant="outline" data-testid="quote-status">
            {t(`quoteStatuses.${quote.status}`)}
          </Badge>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Terms terms={quote.offer} currency={quote.currency} unit={rfq.unit} />
          <StampedAmount amount={quote.offer.unitPrice} stamp={quote.offerRates} of="offer" per={t(`units:per.${rfq.unit}`)} className="text-sm text-muted-foreground" />
          {quote.offerRates ? <RateStampNote stamp={quote.offerRates} label={t('rateStamp.currentOfferLabel')} testId="offer-rates" /> : null}
          <p className="text-sm" data-testid="turn">
            {t(`negotiation.turn.${quote.status}.${view.viewerRole}`)}
          </p>
          {view.actions.length > 0 ? <NegotiationActions actions={view.actions} offer={quote.offer} minOrderQuantity={quote.minOrderQuantity} unit={rfq.unit} currency={quote.currency} fieldErrors={fieldErrors} errorCount={errorCount} /> : null}
        </CardContent>
      </Card>
      <Timeline id="rounds-heading" title={t('negotiation.rounds')} testId="rounds" items={view.rounds} itemKey={(r) => r.round}>
        {(r) => (
          <>
            <p className="text-sm">
              <span className="font-medium">{r.authorName ?? t(`negotiation.roles.${r.authorRole}`)}</span> ({t(`negotiation.roles.${r.authorRole}`)}) —{' '}
              {t(`negotiation.roundActions.${r.action}`)} · <time dateTime={r.createdAt}>{format.dateTime(r.createdAt)}</time>
            </p>
            {r.terms ? (
              <div className="mt-2">
                <Terms terms={r.terms} currency={quote.currency} unit={rfq.unit} />
              </div>
            ) : null}
            {r.terms ? <StampedAmount amount={r.terms.unitPrice} stamp={r.rates} of="offer" per={t(`units:per.${rfq.unit}`)} className="mt-1 block text-sm text-muted-foreground" /> : null}
            {r.rates ? <RateStampNote stamp={r.rates} label={t('rateStamp.roundLabel')} compact className="mt-1" testId="round-rates" /> : null}
            {r.note ? <p className="mt-1 text-sm text-muted-foreground">{t(`negotiation.notes.${r.note}`)}</p> : null}
            {r.message ? <p className="mt-1 text-sm break-words whitespace-pre-line">{r.message}</p> : null}
          </>
        )}
      </Timeline>
    </div>
  )
}
