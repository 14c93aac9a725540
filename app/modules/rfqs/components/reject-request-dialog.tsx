import { useTranslation } from 'react-i18next'
import { parseSubmission } from '~/lib/form'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { TextareaField } from '~/components/form-fields'
import { useDialogForm } from '~/components/use-dialog-form'
import { RejectRequestSchema, REJECT_FORM, REJECTION_REASON_MAX, type RejectFieldErrors } from '../schemas/product-request'

export type RejectAnswer = { fieldErrors?: RejectFieldErrors; formError?: string }

/**
 * The seller's "Reject" on a product request addressed to them (spec §2 seller dashboard, §8 'RFQ
 * rejected'): a Radix Dialog asking for the reason the buyer will read, checked by the action's schema.
 */
export function RejectRequestDialog({ rfq, action }: { rfq: { id: string; title: string }; action: string }) {
  const { t } = useTranslation('rfqs')
  const dialog = useDialogForm<RejectFieldErrors>((form) => parseSubmission(RejectRequestSchema, form, REJECT_FORM))
  return (
    <DialogForm
      state={dialog}
      action={action}
      hidden={{ intent: 'reject', rfqId: rfq.id }}
      trigger={<TriggerButton size="sm" variant="outline" data-testid="reject-request" label={t('reject.open')} subject={rfq.title} />}
      title={t('reject.title')}
      description={t('reject.description', { title: rfq.title })}
      error={dialog.formError && t(dialog.formError)}
      cancel={t('reject.cancel')}
      submit={t('reject.submit')}
      pending={t('reject.submitting')}
      submitProps={{ variant: 'destructive' }}
    >
      <TextareaField
        id={`reject-${rfq.id}-reason`}
        name="reason"
        label={t('reject.reason')}
        error={dialog.errors.reason}
        rows={4}
        required
        maxLength={REJECTION_REASON_MAX}
        placeholder={t('reject.reasonPlaceholder')}
      />
    </DialogForm>
  )
}
