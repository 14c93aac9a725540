import { Ban, Flag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { parseSubmission } from '~/lib/form'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { TextareaField } from '~/components/form-fields'
import { useDialogForm } from '~/components/use-dialog-form'
import { Button } from '~/components/ui/button'
import { REPORT_REASON_MAX } from '../enums'
import { REPORT_FORM, ReportConversationSchema, type FieldErrors } from '../schemas'

export type SafetyAnswer = { ok: true } | { ok: false; fieldErrors: FieldErrors }

/** The safety actions answer `{ ok: true }` when done (the conversation page stays). */
const succeeded = (data: { ok?: boolean } | undefined) => data?.ok === true

/** "Report": a Radix dialog asking why (1–2,000 characters); the report waits for the moderators. */
export function ReportDialog({ action, otherName }: { action: string; otherName: string }) {
  const { t } = useTranslation('messages')
  const dialog = useDialogForm<FieldErrors>((f) => parseSubmission(ReportConversationSchema, f, REPORT_FORM), succeeded)
  return (
    <DialogForm
      state={dialog}
      action={action}
      hidden={{ intent: 'report' }}
      trigger={<TriggerButton variant="outline" size="sm" data-testid="report-conversation" icon={<Flag aria-hidden />} label={t('report.open')} />}
      title={t('report.title')}
      description={t('report.description', { name: otherName })}
      error={dialog.formError && t(dialog.formError)}
      cancel={t('report.cancel')}
      submit={t('report.submit')}
    >
      <TextareaField id="report-reason" name="reason" label={t('report.reason')} error={dialog.errors.reason} rows={4} required maxLength={REPORT_REASON_MAX} />
    </DialogForm>
  )
}

/** "Block": confirms in a Radix dialog; neither side can send new messages until it is lifted. */
export function BlockDialog({ action, otherName }: { action: string; otherName: string }) {
  const { t } = useTranslation('messages')
  const dialog = useDialogForm<FieldErrors>(() => ({ ok: true }), succeeded)
  return (
    <DialogForm
      state={dialog}
      action={action}
      hidden={{ intent: 'block' }}
      trigger={<TriggerButton variant="outline" size="sm" data-testid="block-user" icon={<Ban aria-hidden />} label={t('block.open')} />}
      title={t('block.title', { name: otherName })}
      description={t('block.description', { name: otherName })}
      cancel={t('block.cancel')}
      submit={t('block.confirm')}
      submitProps={{ variant: 'destructive', 'data-testid': 'confirm-block' }}
    />
  )
}

/** "Unblock", right in the notice that says the other party is blocked. */
export function UnblockButton({ action }: { action: string }) {
  const { t } = useTranslation('messages')
  const fetcher = useFetcher<SafetyAnswer>()
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="unblock" />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== 'idle'} data-testid="unblock-user">
        {t('block.unblock')}
      </Button>
    </fetcher.Form>
  )
}
