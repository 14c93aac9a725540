import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '~/components/ui/alert'

/** A message for the whole form (not one field), above its fields; nothing when there is none. */
export function FormAlert({
  error,
  values,
}: {
  /** An i18n key (with its namespace), translated here with `values`. */
  error?: string | null
  values?: Record<string, string | number>
}) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <Alert variant="destructive">
      <AlertDescription>{t(error, values)}</AlertDescription>
    </Alert>
  )
}
