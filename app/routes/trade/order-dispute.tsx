import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/order-dispute'
import { BackLink } from '~/components/back-link'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { DISPUTE_EVIDENCE } from '~/domain/uploads'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { limitInit } from '~/lib/rate-limit.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { noindexMeta } from '~/lib/noindex-meta'
import { cn } from '~/lib/utils'
import { redirectWithToast } from '~/lib/toast.server'
import { checkUploads, chosenFiles, readUploadForm } from '~/lib/uploads.server'
import { requireUser } from '~/modules/accounts/index.server'
import { answerDispute, getOrderDisputeState, getPartyDisputePage, openDispute } from '~/modules/disputes/index.server'
import { AnswerDisputeForm, type DisputeActionData, DisputeThread, OpenDisputeForm, parseAnswerForm, parseOpenDisputeForm } from '~/modules/disputes'

// An order's dispute (issue 10 item 7), for the order's buyer and seller only; anyone else, a forged or a
// malformed id: the 404 page, before any form is read, nothing written. Without a dispute a party may open
// one (once the seller has accepted the order); with one, both read the thread and answer while it is open.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const page = user.profile ? await getPartyDisputePage(user.profile.id, params.id) : null
  if (!page) throw data(null, { status: 404 })
  const i18n = await getI18n(request, context)
  return { page, locale: getLocale(context) as Language, origin: publicOrigin(request), title: i18n.t('disputes:page.title', { id: page.order.ref }) }
}

export const meta: Route.MetaFunction = noindexMeta()

const bad = (fieldErrors: DisputeActionData['fieldErrors'], status: number, init?: ResponseInit) => data<DisputeActionData>({ fieldErrors }, { ...init, status })

/** 'open' (reason, description, files) or 'answer' (text, files). The body may carry five 10 MB files, read with that cap. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const state = user.profile ? await getOrderDisputeState(user.profile.id, params.id) : null
  if (!state || !user.profile) throw data(null, { status: 404 })
  const body = await readUploadForm(request, DISPUTE_EVIDENCE)
  if (!body.ok) return bad({ form: body.reason === 'tooLarge' ? 'disputes:errors.requestTooLarge' : 'disputes:errors.badRequest' }, body.reason === 'tooLarge' ? 413 : 400)
  const form = body.formData
  const intent = form.get('intent')
  if (intent !== 'open' && intent !== 'answer') return bad({ form: 'disputes:errors.badRequest' }, 400)
  const files = chosenFiles(form.getAll(DISPUTE_EVIDENCE.field))
  const parsed = intent === 'open' ? parseOpenDisputeForm(form, files.length) : parseAnswerForm(form, files.length)
  if (!parsed.ok) return bad(parsed.fieldErrors, 400)
  const checked = await checkUploads(DISPUTE_EVIDENCE, files)
  if (!checked.ok) return bad({ files: checked.error }, checked.status)
  const orderId = params.id.toLowerCase()
  const result =
    intent === 'open'
      ? await openDispute(user.profile.id, orderId, parsed.value as Parameters<typeof openDispute>[2], checked.files)
      : await answerDispute(user.profile.id, orderId, parsed.value as Parameters<typeof answerDispute>[2], checked.files)
  if (!result.ok) {
    if (result.status === 404 && result.error === 'disputes:errors.notFound') throw data(null, { status: 404 })
    return bad({ form: result.error }, result.status, result.limit && limitInit(result.limit))
  }
  return redirectWithToast(request, safeRedirect(`/orders/${orderId}/dispute`), { type: 'success', key: intent === 'open' ? 'disputes:toast.opened' : 'disputes:toast.answered' })
}

/** A dispute form under its heading (which names the section) and a line of help. */
function FormPanel({ id, title, help, bordered, children }: { id: string; title: string; help: string; bordered?: boolean; children: React.ReactNode }) {
  return (
    <section className={cn('flex flex-col gap-3', bordered && 'rounded-lg border p-4')} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{help}</p>
      {children}
    </section>
  )
}

export default function OrderDisputePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('disputes')
  const { order, dispute, openVerdict } = loaderData.page
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <BackLink to={`/orders/${order.id}`}>{t('page.back', { id: order.ref })}</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t('page.title', { id: order.ref })}</h1>
          {dispute ? (
            <Badge variant={dispute.status === 'open' ? 'destructive' : 'success'} data-testid="dispute-status">
              {t(`statuses.${dispute.status}`)}
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{t('page.parties', { buyer: order.buyerCompany, seller: order.sellerCompany })}</p>
      </header>
      {dispute ? (
        <>
          <DisputeThread dispute={dispute} />
          {dispute.status === 'open' ? (
            <FormPanel id="dispute-answer-heading" title={t('form.answerHeading')} help={t('form.answerHelp')} bordered>
              <AnswerDisputeForm actionData={actionData ?? undefined} />
            </FormPanel>
          ) : null}
        </>
      ) : openVerdict === 'allowed' ? (
        <FormPanel id="dispute-open-heading" title={t('form.openHeading')} help={t('form.openHelp')}>
          <OpenDisputeForm actionData={actionData ?? undefined} />
        </FormPanel>
      ) : (
        <Alert variant="info">
          <AlertDescription>{t(`errors.${openVerdict}`)}</AlertDescription>
        </Alert>
      )}
    </div>
  )
}
