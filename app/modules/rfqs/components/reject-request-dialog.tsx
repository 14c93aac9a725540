import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { parseRejectForm, REJECTION_REASON_MAX, type RejectFieldErrors } from '../schemas'

export type RejectAnswer = { fieldErrors?: RejectFieldErrors; formError?: string }

/**
 * The seller's "Reject" on a product request addressed to them (spec §2 seller dashboard, §8 'RFQ
 * rejected'): a Radix Dialog asking for the reason the buyer will read, checked by the action's schema.
 */
export function RejectRequestDialog({ rfq, action }: { rfq: { id: string; title: string }; action: string }) {
  const { t } = useTranslation('rfqs')
  const fetcher = useFetcher<RejectAnswer>()
  const [open, setOpen] = useState(false)
  const [clientErrors, setClientErrors] = useState<RejectFieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const sent = useRef(false)
  const busy = fetcher.state !== 'idle'
  useEffect(() => {
    if (fetcher.state === 'submitting') sent.current = true
    // A redirect (rejected) leaves no data behind: close; the page shows the toast.
    if (fetcher.state === 'idle' && sent.current) {
      sent.current = false
      if (!fetcher.data) setOpen(false)
      else requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    }
  }, [fetcher.state, fetcher.data])
  const errors = clientErrors ?? fetcher.data?.fieldErrors ?? {}
  const formError = clientErrors ? errors.form : (fetcher.data?.formError ?? errors.form)
  const reasonId = `reject-${rfq.id}-reason`
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (o) setClientErrors(null)
      }}
    >
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
          onSubmit={(event) => {
            if (busy) return void event.preventDefault()
            const parsed = parseRejectForm(new FormData(event.currentTarget))
            if (!parsed.ok) {
              event.preventDefault()
              setClientErrors(parsed.fieldErrors)
              requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
            } else setClientErrors(null)
          }}
        >
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="rfqId" value={rfq.id} />
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t(formError)}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={reasonId}>{t('reject.reason')}</Label>
            <Textarea
              id={reasonId}
              name="reason"
              rows={4}
              required
              maxLength={REJECTION_REASON_MAX}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
              placeholder={t('reject.reasonPlaceholder')}
            />
            {errors.reason ? (
              <p id={`${reasonId}-error`} className="text-sm text-destructive">
                {t(errors.reason)}
              </p>
            ) : null}
          </div>
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
