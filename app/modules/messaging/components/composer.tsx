import { Paperclip, Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { MESSAGE_ATTACHMENT } from '~/domain/uploads'
import { useFormat } from '~/lib/use-format'
import { MESSAGE_BODY_MAX } from '../enums'
import { charCount, parseSendForm, type FieldErrors } from '../schemas'

/** What the thread's action answers a send: the next one-time key, or the errors. */
export type SendAnswer = { ok: true; seq: number; nextKey: string } | { ok: false; fieldErrors: FieldErrors }

/**
 * The composer (issue 9 item 3): text up to 5,000 characters with a counter, up to five PDF/JPG/PNG files
 * of 10 MB, and a one-time key so a double click or a resend stores one message. Checked here with the
 * action's rules before it is sent; the action checks again (and the files by their bytes).
 */
export function Composer({ action, clientKey, fallback }: { action: string; clientKey: string; fallback?: SendAnswer }) {
  const { t } = useTranslation('messages')
  const fetcher = useFetcher<SendAnswer>()
  const formRef = useRef<HTMLFormElement>(null)
  const [key, setKey] = useState(clientKey)
  const [body, setBody] = useState('')
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const busy = fetcher.state !== 'idle'
  const answer = fetcher.data ?? fallback
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) {
      // Sent: a fresh key for the next message, an empty form.
      setKey(fetcher.data.nextKey)
      setBody('')
      formRef.current?.reset()
    } else {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    }
  }, [fetcher.state, fetcher.data])
  const errors: FieldErrors = clientErrors ?? (answer && !answer.ok ? answer.fieldErrors : {})
  const count = charCount(body)
  const over = count > MESSAGE_BODY_MAX
  const format = useFormat()
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid="composer"
      onSubmit={(event) => {
        if (busy) return void event.preventDefault()
        const form = new FormData(event.currentTarget)
        const files = form.getAll(MESSAGE_ATTACHMENT.field).filter((f): f is File => typeof f !== 'string' && f.size > 0)
        const parsed = parseSendForm(form, files.length)
        const fileProblem = MESSAGE_ATTACHMENT.check(files)
        const problem: FieldErrors | null = !parsed.ok ? parsed.fieldErrors : fileProblem ? { files: fileProblem } : null
        if (problem) {
          event.preventDefault()
          setClientErrors(problem)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        } else setClientErrors(null)
      }}
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientKey" value={key} />
      {errors.form ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t(errors.form)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="composer-body">{t('composer.label')}</Label>
        <Textarea
          id="composer-body"
          name="body"
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          placeholder={t('composer.placeholder')}
          aria-invalid={errors.body || over ? true : undefined}
          aria-describedby={['composer-count', errors.body ? 'composer-body-error' : null].filter(Boolean).join(' ')}
          onKeyDown={(e) => {
            // Ctrl/⌘+Enter sends; Enter alone is a new line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              formRef.current?.requestSubmit()
            }
          }}
        />
        <p id="composer-count" className={over ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'} data-testid="composer-count">
          {t('composer.count', { used: format.count(count), max: format.count(MESSAGE_BODY_MAX) })}
        </p>
        {errors.body ? (
          <p id="composer-body-error" role="alert" className="text-sm text-destructive">
            {t(errors.body)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="composer-files" className="flex items-center gap-1">
          <Paperclip className="size-4" aria-hidden />
          {t('composer.files')}
        </Label>
        <input
          id="composer-files"
          name={MESSAGE_ATTACHMENT.field}
          type="file"
          multiple
          accept={MESSAGE_ATTACHMENT.accept}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={['composer-files-hint', errors.files ? 'composer-files-error' : null].filter(Boolean).join(' ')}
        />
        <p id="composer-files-hint" className="text-xs text-muted-foreground">
          {t('composer.filesHint', { max: MESSAGE_ATTACHMENT.maxCount })}
        </p>
        {errors.files ? (
          <p id="composer-files-error" role="alert" className="text-sm text-destructive">
            {t(errors.files)}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} data-testid="send-message">
          <Send aria-hidden />
          {busy ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
