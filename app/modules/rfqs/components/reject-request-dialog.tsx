import { useTranslation } from 'react-i18next'
import { parseSubmission } from '~/lib/form'
import { fieldAria, FormField } from '~/components/form-field'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { RejectRequestSchema, REJECT_FORM, REJECTION_REASON_MAX, type RejectFieldErrors } from '../schemas/product-request'

export type RejectAnswer = { fieldErrors?: RejectFieldErrors; formError?: string }

/**
 * The seller's "Reject" on a product request addressed to them (spec §2 seller dashboard, §8 'RFQ
 * rejected'): a Radix Dialog asking for the reason the buyer will read, checked by the action's schema.
 */
export function RejectRequestDialog({ rfq, action }: { rfq: { id: string; title: string }; action: string }) {
  const { t } = useTranslation('rfqs')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<RejectFieldErrors>((form) => parseSubmission(RejectRequestSchema, form, REJECT_FORM))
  const reasonId = `reject-${rfq.id}-reason`
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="reject-request">
          {t('reject.open')}
          <span className="sr-only">: {rfq.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('reject.title')}</DialogTitle>
          <DialogDescription>{t('reject.description', { title: rfq.title })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={action}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="rfqId" value={rfq.id} />
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t(formError)}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id={reasonId} label={t('reject.reason')} error={errors.reason}>
            <Textarea {...fieldAria(reasonId, errors.reason)} name="reason" rows={4} required maxLength={REJECTION_REASON_MAX} placeholder={t('reject.reasonPlaceholder')} />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('reject.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('reject.submitting') : t('reject.submit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
