import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/dispute'
import { parseSubmission } from '~/lib/form'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { unitText } from '~/domain'
import { AdminErrorBoundary, AdminShell, can, DisputePayments } from '~/modules/admin'
import { adminHeader, requireAdmin } from '~/modules/admin/index.server'
import { OrderDocuments } from '~/modules/documents'
import { getDisputePayments } from '~/modules/payments/index.server'
import { decideDispute, getAdminDispute, postModeratorMessage } from '~/modules/disputes/index.server'
import { type AdminDisputeActionData, DecideDisputeDialog, DecideDisputeSchema, DECISION_FORM, DisputeThread, isUuid, MODERATOR_MESSAGE_FORM, ModeratorMessageForm, ModeratorMessageSchema } from '~/modules/disputes'

// One dispute in the admin panel (issue 10 item 7): the order, the parties, the description, evidence
// through short-lived links bound to the file and this admin session, the thread; a message to both
// parties and the decision. An unknown or malformed id: the 404 page. Issue 29 item 6: the order's payment
// milestones, each proof through a signed link (audited when opened), and its trade documents for an
// admin with documents:read.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'dispute:resolve')
  const locale = getLocale(context) as Language
  const [dispute, payments] = await Promise.all([
    getAdminDispute(params.id, admin.sessionId, locale),
    getDisputePayments(params.id, admin.sessionId, { withDocuments: can(admin.role, 'documents:read') }),
  ])
  if (!dispute || !payments) throw data(null, { status: 404 })
  const i18n = await getI18n(request, context)
  // The page carries signed links: never keep it in a cache.
  return data(
    { admin: adminHeader(admin), locale, title: i18n.t('adminDisputes:meta.dispute', { id: dispute.order.ref }), dispute, payments },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Dispute'} | Setu` }, { name: 'robots', content: 'noindex' }]

/** 'message' (to both parties) or 'decide'; refusals write nothing. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, 'dispute:resolve')
  if (!isUuid(params.id)) throw data(null, { status: 404 })
  const form = await readForm(request)
  const intent = form.get('intent')
  const back = safeRedirect(`/admin/disputes/${params.id.toLowerCase()}`, '/admin/disputes')
  if (intent === 'message') {
    const parsed = parseSubmission(ModeratorMessageSchema, form, MODERATOR_MESSAGE_FORM)
    if (!parsed.ok) return data<AdminDisputeActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
    const result = await postModeratorMessage(admin, request, params.id, parsed.value)
    if (!result.ok) return data<AdminDisputeActionData>({ formError: result.error }, { status: result.status })
    return redirectWithToast(request, back, { type: 'success', key: 'adminDisputes:toast.messageSent' })
  }
  if (intent === 'decide') {
    const parsed = parseSubmission(DecideDisputeSchema, form, DECISION_FORM)
    if (!parsed.ok) return data<AdminDisputeActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
    const result = await decideDispute(admin, request, params.id, parsed.value)
    if (!result.ok) return data<AdminDisputeActionData>({ formError: result.error }, { status: result.status })
    return redirectWithToast(request, back, { type: 'success', key: 'adminDisputes:toast.decided' })
  }
  return data<AdminDisputeActionData>({ formError: 'adminDisputes:errors.badRequest' }, { status: 400 })
}

export default function AdminDispute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminDisputes')
  const { admin, locale, dispute, payments } = loaderData
  const { order } = dispute
  const format = useFormat()
  const term = (label: string, value: React.ReactNode) => (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  )
  return (
    <AdminShell admin={admin} locale={locale}>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <Link to="/admin/disputes" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {t('detail.back')}
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold">{t('detail.title', { id: order.ref })}</h1>
            <Badge variant={dispute.status === 'open' ? 'secondary' : 'success'} data-testid="dispute-status">
              {t(`disputes:statuses.${dispute.status}`)}
            </Badge>
            {dispute.overdue ? (
              <Badge variant="destructive" data-testid="dispute-overdue">
                {t('queue.overdue')}
              </Badge>
            ) : null}
          </div>
        </header>
        {actionData?.formError ? (
          <p role="alert" className="text-sm text-destructive">
            {t(actionData.formError)}
          </p>
        ) : null}
        <Card data-testid="dispute-order">
          <CardHeader>
            <h2 className="text-lg font-semibold">{t('detail.order')}</h2>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
              {term(t('detail.product'), order.subject ?? '—')}
              {term(t('detail.quantity'), `${format.count(order.quantity)} ${t(...unitText(order.unit, order.quantity))}`)}
              {term(t('detail.unitPrice'), `${format.money(order.unitPrice, order.currency)} ${t(`units:per.${order.unit}`)}`)}
              {term(t('detail.amount'), <span className="font-semibold">{format.money(order.total, order.currency)}</span>)}
              {term(t('detail.currency'), order.currency)}
              {term(t('detail.orderStatus'), t(`rfqs:orderStatuses.${order.status}`))}
            </dl>
          </CardContent>
        </Card>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['buyer', 'seller'] as const).map((side) => (
            <Card key={side} data-testid={`dispute-${side}`}>
              <CardHeader>
                <h2 className="text-sm font-medium text-muted-foreground">{t(`detail.${side}`)}</h2>
              </CardHeader>
              <CardContent>
                <p className="font-semibold break-words">{dispute[side].company}</p>
                <p className="text-sm break-words">{dispute[side].name}</p>
                <p className="text-sm text-muted-foreground">{t(`countries.${dispute[side].country}`)}</p>
              </CardContent>
            </Card>
          ))}
        </div>
        <DisputePayments milestones={payments.milestones} linkTtlSeconds={payments.linkTtlSeconds} />
        {payments.documents ? <OrderDocuments documents={payments.documents} basePath={`/admin/orders/${payments.orderId}`} secondLanguage={payments.documentLanguage} /> : null}
        <p className="text-xs text-muted-foreground">{t('detail.evidenceLinks', { minutes: Math.round(dispute.linkTtlSeconds / 60) })}</p>
        <DisputeThread dispute={dispute} evidenceInNewTab />
        {dispute.status === 'open' ? (
          <section className="flex flex-col gap-4 rounded-lg border bg-background p-4" aria-labelledby="moderator-heading">
            <h2 id="moderator-heading" className="text-lg font-semibold">
              {t('detail.act')}
            </h2>
            <ModeratorMessageForm actionData={actionData ?? undefined} />
            <div className="border-t pt-4">
              <DecideDisputeDialog action={`/admin/disputes/${dispute.id}`} />
            </div>
          </section>
        ) : dispute.decidedByName ? (
          <p className="text-sm text-muted-foreground">{t('detail.decidedBy', { name: dispute.decidedByName })}</p>
        ) : null}
      </div>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
