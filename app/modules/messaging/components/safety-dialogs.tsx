import { Ban, Flag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { parseSubmission } from '~/lib/form'
import { fieldAria, FormField } from '~/components/form-field'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Textarea } from '~/components/ui/textarea'
import { REPORT_REASON_MAX } from '../enums'
import { REPORT_FORM, ReportConversationSchema, type FieldErrors } from '../schemas'

export type SafetyAnswer = { ok: true } | { ok: false; fieldErrors: FieldErrors }

/** "Report": a Radix dialog asking why (1–2,000 characters); the report waits for the moderators. */
export function ReportDialog({ action, otherName }: { action: string; otherName: string }) {
  const { t } = useTranslation('messages')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<FieldErrors>((f) => parseSubmission(ReportConversationSchema, f, REPORT_FORM), (data) => data?.ok === true)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="report-conversation">
          <Flag aria-hidden />
          {t('report.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description', { name: otherName })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={action}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="report" />
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t(formError)}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id="report-reason" label={t('report.reason')} error={errors.reason}>
            <Textarea {...fieldAria('report-reason', errors.reason)} name="reason" rows={4} required maxLength={REPORT_REASON_MAX} />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('report.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {t('report.submit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** "Block": confirms in a Radix dialog; neither side can send new messages until it is lifted. */
export function BlockDialog({ action, otherName }: { action: string; otherName: string }) {
  const { t } = useTranslation('messages')
  const { fetcher, busy, open, onOpenChange } = useDialogForm<FieldErrors>(() => ({ ok: true }), (data) => data?.ok === true)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="block-user">
          <Ban aria-hidden />
          {t('block.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('block.title', { name: otherName })}</DialogTitle>
          <DialogDescription>{t('block.description', { name: otherName })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={action} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value="block" />
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('block.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={busy} data-testid="confirm-block">
            {t('block.confirm')}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
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
