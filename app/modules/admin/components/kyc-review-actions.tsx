import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { fieldAria, FormField } from '~/components/form-field'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { KYC_REJECTION_REASON_MAX } from '~/modules/kyc'
import { parseKycDecision, type KycDecisionFieldErrors } from '../schemas'

type Seller = { profileId: string; name: string }
/** Where the panel goes after the decision (a path in the panel; /admin/kyc when left out). */
type ReturnTo = { returnTo?: string }
type Answer = { fieldErrors?: KycDecisionFieldErrors; formError?: string }

/** Approve: one click, no dialog (the document was reviewed through View KYC). */
export function ApproveKycButton({ seller, returnTo }: { seller: Seller } & ReturnTo) {
  const { t } = useTranslation('admin')
  const fetcher = useFetcher<Answer>()
  const busy = fetcher.state !== 'idle'
  const error = fetcher.data?.formError ?? fetcher.data?.fieldErrors?.form
  return (
    <fetcher.Form method="post" action="/admin/kyc" className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="profileId" value={seller.profileId} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <Button type="submit" size="sm" disabled={busy} aria-disabled={busy} data-testid="kyc-approve">
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? t('kyc.approving') : t('kyc.approve')}
        <span className="sr-only">: {seller.name}</span>
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {t('kyc.errors.failed', { message: t(error) })}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/** Reject: a dialog asking for the reason the seller will read on /kyc-upload, checked by the action's schema. */
export function RejectKycDialog({ seller, returnTo }: { seller: Seller } & ReturnTo) {
  const { t } = useTranslation('admin')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<KycDecisionFieldErrors>(parseKycDecision)
  const reasonId = `kyc-reject-${seller.profileId}-reason`
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="kyc-reject">
          {t('kyc.reject')}
          <span className="sr-only">: {seller.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('kyc.rejectTitle')}</DialogTitle>
          <DialogDescription>{t('kyc.rejectDescription', { name: seller.name })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action="/admin/kyc" noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="profileId" value={seller.profileId} />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t('kyc.errors.failed', { message: t(formError) })}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id={reasonId} label={t('kyc.reason')} error={errors.reason} errorValues={{ max: KYC_REJECTION_REASON_MAX }}>
            <Textarea
              {...fieldAria(reasonId, errors.reason)}
              name="reason"
              rows={4}
              required
              minLength={1}
              maxLength={KYC_REJECTION_REASON_MAX}
              placeholder={t('kyc.reasonPlaceholder')}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('kyc.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('kyc.rejecting') : t('kyc.rejectSubmit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
