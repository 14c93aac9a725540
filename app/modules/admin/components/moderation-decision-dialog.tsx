import { useTranslation } from 'react-i18next'
import { parseSubmission } from '~/lib/form'
import { fieldAria, FormField } from '~/components/form-field'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { REPORT_DECISION_FORM, REPORT_NOTE_MAX, ReportDecisionSchema, type ReportDecision, type ReportDecisionFieldErrors } from '../moderation'

/**
 * Mark reviewed / Dismiss: a dialog with an optional note (kept in the audit log), checked by the
 * action's own schema before it is sent.
 */
export function ReportDecisionDialog({ reportId, decision, reporterName }: { reportId: string; decision: ReportDecision; reporterName: string }) {
  const { t } = useTranslation('admin')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<ReportDecisionFieldErrors>((f) => parseSubmission(ReportDecisionSchema, f, REPORT_DECISION_FORM))
  const noteId = `report-${reportId}-${decision}-note`
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant={decision === 'reviewed' ? 'default' : 'outline'} data-testid={`report-${decision}`}>
          {t(`moderation.actions.${decision}`)}
          <span className="sr-only">: {t('moderation.reportBy', { name: reporterName })}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t(`moderation.dialog.${decision}.title`)}</DialogTitle>
          <DialogDescription>{t(`moderation.dialog.${decision}.description`)}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action="/admin/moderation" noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="decision" value={decision} />
          <input type="hidden" name="reportId" value={reportId} />
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t('moderation.errors.failed', { message: t(formError) })}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id={noteId} label={t('moderation.note')} error={errors.note} errorValues={{ max: REPORT_NOTE_MAX }} hint={t('moderation.noteHint')}>
            <Textarea {...fieldAria(noteId, errors.note, true)} name="note" rows={3} maxLength={REPORT_NOTE_MAX} />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('moderation.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} data-testid={`report-${decision}-submit`}>
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('moderation.saving') : t(`moderation.dialog.${decision}.submit`)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
