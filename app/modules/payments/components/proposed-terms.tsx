// The payment terms a buyer proposes with a direct order (issue 29 item 1): PaymentTermsFields in a
// disclosure, closed while the default terms (30 % on the proforma, 70 % on shipment) are fine and open
// when the terms were refused. Its inputs post with the order form either way.
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '~/lib/form'
import { TERMS_PREFIX } from '../terms-form'
import { PaymentTermsFields } from './payment-terms-fields'

export function ProposedPaymentTerms({ errors }: { errors?: FieldErrors }) {
  const { t } = useTranslation('payments')
  const refused = Object.keys(errors ?? {}).some((name) => name.startsWith(`${TERMS_PREFIX}.`))
  return (
    <details className="w-full rounded-md border p-3" open={refused || undefined} data-testid="order-terms">
      <summary className="cursor-pointer text-sm font-medium">{t('terms.propose')}</summary>
      <p className="mt-2 mb-3 text-xs text-muted-foreground">{t('terms.proposeHint')}</p>
      <PaymentTermsFields errors={errors} />
    </details>
  )
}
