import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldAria } from '~/components/form-field'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { TextareaField, TextField } from '~/components/form-fields'
import { useDialogForm, type DialogFormCheck } from '~/components/use-dialog-form'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table'
import { BANK_REFERENCE_MAX, MILESTONE_NOTE_MAX, type MilestoneStatus, type TradeParty } from '~/domain'
import { PAYMENT_PROOF } from '~/domain/uploads'
import { parseSubmission } from '~/lib/form'
import { useFormat } from '~/lib/use-format'
import { MILESTONE_NOTE_FORM, MILESTONE_PROOF_FORM, MilestoneNotArrivedSchema, MilestoneProofSchema, type MilestoneFieldErrors } from '../milestone-schemas'
import type { MilestoneDto, MilestoneEventDto, OrderPaymentsDto } from '../queries.server'

const STATUS_VARIANT: Record<MilestoneStatus, 'secondary' | 'warning' | 'success' | 'destructive' | 'outline'> = {
  upcoming: 'outline',
  due: 'warning',
  proof_submitted: 'secondary',
  confirmed: 'success',
  overdue: 'destructive',
  disputed: 'destructive',
}

const milestonePath = (orderId: string, milestoneId: string) => `/orders/${orderId}/milestones/${milestoneId}`

/** The buyer's proof dialog: the file (checked by the upload rule before it is sent) and the bank reference. */
function ProofDialog({ orderId, milestone }: { orderId: string; milestone: MilestoneDto }) {
  const { t } = useTranslation('payments')
  const id = useId()
  const dialog = useDialogForm<MilestoneFieldErrors>((form): DialogFormCheck<MilestoneFieldErrors> => {
    const parsed = parseSubmission(MilestoneProofSchema, form, MILESTONE_PROOF_FORM)
    const picked = form.getAll(PAYMENT_PROOF.field).filter((v): v is File => typeof v !== 'string')
    const fileProblem = PAYMENT_PROOF.check(picked)
    const fieldErrors: MilestoneFieldErrors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...(fileProblem ? { proof: fileProblem } : {}) }
    return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true }
  })
  return (
    <DialogForm
      state={dialog}
      action={milestonePath(orderId, milestone.id)}
      encType="multipart/form-data"
      hidden={{ intent: 'proof' }}
      formTestId={`milestone-proof-form-${milestone.position}`}
      trigger={<TriggerButton size="sm" label={t('milestones.proof.open')} subject={t('milestones.name', { n: milestone.position })} data-testid={`milestone-proof-${milestone.position}`} />}
      title={t('milestones.proof.title', { n: milestone.position })}
      description={t('milestones.proof.description')}
      error={dialog.formError ? t(dialog.formError) : undefined}
      cancel={t('milestones.close')}
      submit={t('milestones.proof.submit')}
      pending={t('milestones.sending')}
    >
      <FormField id={`${id}-proof`} label={t('milestones.proof.file')} hint={t('milestones.proof.fileHint')} error={dialog.errors.proof}>
        <input
          {...fieldAria(`${id}-proof`, dialog.errors.proof, true)}
          name={PAYMENT_PROOF.field}
          type="file"
          accept={PAYMENT_PROOF.accept}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </FormField>
      <TextField
        id={`${id}-reference`}
        name="bankReference"
        label={t('milestones.proof.bankReference')}
        hint={t('milestones.proof.bankReferenceHint', { max: BANK_REFERENCE_MAX })}
        error={dialog.errors.bankReference}
        errorValues={{ max: BANK_REFERENCE_MAX }}
        maxLength={BANK_REFERENCE_MAX}
        autoComplete="off"
      />
    </DialogForm>
  )
}

/** The seller's "Confirm receipt": a confirmation dialog (a confirmed milestone is final). */
function ConfirmDialog({ orderId, milestone }: { orderId: string; milestone: MilestoneDto }) {
  const { t } = useTranslation('payments')
  const format = useFormat()
  const dialog = useDialogForm<MilestoneFieldErrors>(() => ({ ok: true }))
  return (
    <DialogForm
      state={dialog}
      action={milestonePath(orderId, milestone.id)}
      hidden={{ intent: 'confirm' }}
      trigger={<TriggerButton size="sm" label={t('milestones.confirm.open')} subject={t('milestones.name', { n: milestone.position })} data-testid={`milestone-confirm-${milestone.position}`} />}
      title={t('milestones.confirm.title', { n: milestone.position })}
      description={t('milestones.confirm.description', { amount: format.money(milestone.amount, milestone.currency) })}
      error={dialog.formError ? t(dialog.formError) : undefined}
      cancel={t('milestones.close')}
      submit={t('milestones.confirm.submit')}
      pending={t('milestones.sending')}
      submitProps={{ 'data-testid': `milestone-confirm-submit-${milestone.position}` }}
    />
  )
}

/** The seller's "Not arrived", with the note the buyer reads. */
function NotArrivedDialog({ orderId, milestone }: { orderId: string; milestone: MilestoneDto }) {
  const { t } = useTranslation('payments')
  const id = useId()
  const dialog = useDialogForm<MilestoneFieldErrors>((form) => parseSubmission(MilestoneNotArrivedSchema, form, MILESTONE_NOTE_FORM))
  return (
    <DialogForm
      state={dialog}
      action={milestonePath(orderId, milestone.id)}
      hidden={{ intent: 'not_arrived' }}
      trigger={<TriggerButton size="sm" variant="outline" label={t('milestones.notArrived.open')} subject={t('milestones.name', { n: milestone.position })} data-testid={`milestone-not-arrived-${milestone.position}`} />}
      title={t('milestones.notArrived.title', { n: milestone.position })}
      description={t('milestones.notArrived.description')}
      error={dialog.formError ? t(dialog.formError) : undefined}
      cancel={t('milestones.close')}
      submit={t('milestones.notArrived.submit')}
      pending={t('milestones.sending')}
      submitProps={{ variant: 'destructive' }}
    >
      <TextareaField id={`${id}-note`} name="note" label={t('milestones.notArrived.note')} error={dialog.errors.note} errorValues={{ max: MILESTONE_NOTE_MAX }} rows={3} maxLength={MILESTONE_NOTE_MAX} />
    </DialogForm>
  )
}

/** When a milestone falls due: its event, and the days after it. */
function dueRule(t: (key: string, values?: Record<string, unknown>) => string, m: Pick<MilestoneDto, 'event' | 'offsetDays'>): string {
  const event = t(`events.${m.event}`)
  return m.offsetDays === 0 ? t('milestones.onEvent', { event }) : t('milestones.afterEvent', { event, count: m.offsetDays })
}

/**
 * An order's payment terms and milestones (issue 29 item 2): the method, and per milestone its share,
 * amount, when it falls due, its status, the proof (downloaded through the parties' own route), the bank
 * reference and the seller's note, with the buttons the viewer's side has now.
 */
export function MilestonesPanel({ orderId, payments, viewerRole }: { orderId: string; payments: OrderPaymentsDto; viewerRole: TradeParty }) {
  const { t } = useTranslation('payments')
  const format = useFormat()
  if (payments.milestones.length === 0) return null
  const method = payments.method
  return (
    <Card data-testid="order-milestones" aria-labelledby="milestones-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 id="milestones-heading" className="text-lg font-semibold">
          {t('milestones.title')}
        </h2>
        {method ? (
          <p className="text-sm text-muted-foreground" data-testid="order-payment-method">
            {t(`methods.${method.method}`)}
            {method.days !== null ? ` · ${t('milestones.methodDays', { count: method.days })}` : ''}
            {method.shipBeforePaid ? ` · ${t('milestones.shipBeforePaid')}` : ''}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('milestones.columns.position')}</TableHead>
              <TableHead>{t('milestones.columns.share')}</TableHead>
              <TableHead>{t('milestones.columns.amount')}</TableHead>
              <TableHead>{t('milestones.columns.due')}</TableHead>
              <TableHead>{t('milestones.columns.status')}</TableHead>
              <TableHead>{t('milestones.columns.payment')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('milestones.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.milestones.map((m) => (
              <TableRow key={m.id} data-testid={`milestone-${m.position}`}>
                <TableCell>{m.position}</TableCell>
                <TableCell>{t('milestones.share', { share: m.share })}</TableCell>
                <TableCell className="font-medium whitespace-nowrap">{format.money(m.amount, m.currency)}</TableCell>
                <TableCell>
                  <span className="block">{dueRule(t, m)}</span>
                  {m.dueOn ? <time dateTime={m.dueOn} className="block text-sm text-muted-foreground">{t('milestones.dueOn', { date: format.date(m.dueOn) })}</time> : null}
                  {m.beforeShipment ? <span className="block text-xs text-muted-foreground">{t('milestones.beforeShipment')}</span> : null}
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[m.status]} data-testid={`milestone-status-${m.position}`}>
                    {t(`statuses.${m.status}`)}
                  </Badge>
                </TableCell>
                <TableCell className="max-w-64 text-sm break-words">
                  {m.proof ? (
                    <a href={`${milestonePath(orderId, m.id)}/proof`} className="block underline underline-offset-4" download data-testid={`milestone-proof-link-${m.position}`}>
                      {m.proof.fileName}
                    </a>
                  ) : null}
                  {m.bankReference ? <span className="block">{t('milestones.reference', { reference: m.bankReference })}</span> : null}
                  {m.sellerNote ? <span className="block text-muted-foreground whitespace-pre-line">{t('milestones.sellerNote', { note: m.sellerNote })}</span> : null}
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-2">
                    {viewerRole === 'buyer' && m.actions.includes('submit_proof') ? <ProofDialog orderId={orderId} milestone={m} /> : null}
                    {viewerRole === 'seller' && m.actions.includes('confirm_receipt') ? <ConfirmDialog orderId={orderId} milestone={m} /> : null}
                    {viewerRole === 'seller' && m.actions.includes('report_not_arrived') ? <NotArrivedDialog orderId={orderId} milestone={m} /> : null}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

/** One milestone move on the order's timeline: what happened to which milestone, who and when, with its reference or note. */
export function MilestoneTimelineEntry({ entry }: { entry: MilestoneEventDto }) {
  const { t } = useTranslation('payments')
  const format = useFormat()
  const who = entry.actorName ?? (entry.action === 'due_date_passed' ? t('milestones.timeline.system') : t('milestones.timeline.someone'))
  return (
    <div data-testid="milestone-timeline-entry">
      <p className="text-sm">
        <span className="font-medium">{t(`milestones.timeline.${entry.action}`, { n: entry.position })}</span> — {who}
        {entry.actorRole ? ` (${t(`milestones.timeline.${entry.actorRole}`)})` : ''} · <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time>
      </p>
      {entry.bankReference ? <p className="mt-1 text-sm break-words">{t('milestones.reference', { reference: entry.bankReference })}{entry.fileName ? ` · ${entry.fileName}` : ''}</p> : null}
      {entry.note ? <p className="mt-1 text-sm break-words whitespace-pre-line">{entry.note}</p> : null}
    </div>
  )
}
