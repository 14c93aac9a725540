import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { TextareaField } from '~/components/form-fields'
import { useDialogForm } from '~/components/use-dialog-form'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { KYC_REJECTION_REASON_MAX } from '~/modules/kyc'
import { parseSubmission } from '~/lib/form'
import type { RegistryField, RegistryKind } from '~/domain'
import { KYC_DECISION_FORM, KycDecisionSchema, type KycDecisionFieldErrors } from '../schemas'

type Seller = { profileId: string; name: string }
/** Where the panel goes after the decision (a path in the panel; /admin/kyc when left out). */
type ReturnTo = { returnTo?: string }
/** `missing`: the registry identity fields an approval still waits for (issue 30 item 1). */
type Answer = { fieldErrors?: KycDecisionFieldErrors; formError?: string; missing?: RegistryField[] }

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
          {t('kyc.errors.failed', { message: t(error, { fields: fetcher.data?.missing?.map((f) => t(`kyc.registry.${f}`)).join(', ') }) })}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/** Reject: a dialog asking for the reason the seller will read on /kyc-upload, checked by the action's schema. */
export function RejectKycDialog({ seller, returnTo }: { seller: Seller } & ReturnTo) {
  const { t } = useTranslation('admin')
  const dialog = useDialogForm<KycDecisionFieldErrors>((form) => parseSubmission(KycDecisionSchema, form, KYC_DECISION_FORM))
  return (
    <DialogForm
      state={dialog}
      action="/admin/kyc"
      hidden={{ intent: 'reject', profileId: seller.profileId, returnTo }}
      trigger={<TriggerButton size="sm" variant="outline" data-testid="kyc-reject" label={t('kyc.reject')} subject={seller.name} />}
      title={t('kyc.rejectTitle')}
      description={t('kyc.rejectDescription', { name: seller.name })}
      error={dialog.formError && t('kyc.errors.failed', { message: t(dialog.formError) })}
      cancel={t('kyc.cancel')}
      submit={t('kyc.rejectSubmit')}
      pending={t('kyc.rejecting')}
      submitProps={{ variant: 'destructive' }}
    >
      <TextareaField
        id={`kyc-reject-${seller.profileId}-reason`}
        name="reason"
        label={t('kyc.reason')}
        error={dialog.errors.reason}
        errorValues={{ max: KYC_REJECTION_REASON_MAX }}
        rows={4}
        required
        minLength={1}
        maxLength={KYC_REJECTION_REASON_MAX}
        placeholder={t('kyc.reasonPlaceholder')}
      />
    </DialogForm>
  )
}

/**
 * The registry identities a seller gave (issue 30 item 1), beside the document they are checked
 * against; the fields still missing are named (approval waits for them).
 */
export function KycIdentities({ identities, missing }: { identities: { kind: RegistryKind; value: string }[]; missing: RegistryField[] }) {
  const { t } = useTranslation('admin')
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="kyc-identities">
      {identities.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {identities.map((i) => (
            <div key={i.kind} className="contents">
              <dt className="text-muted-foreground">{t(`kyc.registry.${i.kind}`)}</dt>
              <dd className="font-mono">{i.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {missing.length > 0 ? <p className="text-destructive">{t('kyc.identitiesMissing', { fields: missing.map((f) => t(`kyc.registry.${f}`)).join(', ') })}</p> : null}
    </div>
  )
}
