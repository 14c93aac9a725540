import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { KYC_FIELD } from '../schemas'

/**
 * The KYC document picker (multipart). The browser pre-checks size and extension for a quick
 * answer; the server checks the bytes again and is the one that decides.
 */
export function KycUploadForm({ error, replacing }: { error?: string; replacing: boolean }) {
  const { t } = useTranslation('kyc')
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/kyc-upload'
  const [clientError, setClientError] = useState<string | null>(null)
  const message = clientError ?? error
  const id = 'kyc-document'

  return (
    <Form
      method="post"
      action="/kyc-upload"
      encType="multipart/form-data"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem(KYC_FIELD) as HTMLInputElement | null
        const problem = KYC_DOCUMENT.check(Array.from(input?.files ?? []))
        // This page words a missing file as a prompt to choose one.
        setClientError(problem === KYC_DOCUMENT.errors.missing ? 'kyc:upload.missingFile' : problem)
        if (problem) {
          event.preventDefault()
          input?.focus()
        }
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>{replacing ? t('upload.replaceLabel') : t('upload.label')}</Label>
        <Input
          id={id}
          name={KYC_FIELD}
          type="file"
          accept={KYC_DOCUMENT.accept}
          required
          disabled={submitting}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          onChange={(event) => setClientError(event.currentTarget.files?.[0] ? null : clientError)}
          className="h-auto cursor-pointer py-2"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('upload.hint')}
        </p>
        {message ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {t(message)}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={submitting} className="self-start">
        {submitting ? <Spinner label={t('upload.submitting')} className="size-4" /> : replacing ? t('upload.replaceSubmit') : t('upload.submit')}
      </Button>
    </Form>
  )
}
