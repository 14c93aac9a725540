// Payment terms as a form posts them (PaymentTermsFields' flat names, ADR 033), for tests that post a
// quote, a counter-offer or a direct order.
import type { PaymentTerms } from '~/domain'
import { DEFAULT_PAYMENT_TERMS, termsField } from '~/modules/payments/schemas'

/** The form fields of `terms` (default: 30 % on the proforma, 70 % on shipment). */
export function termsForm(terms: PaymentTerms = DEFAULT_PAYMENT_TERMS): Record<string, string> {
  const fields: Record<string, string> = {
    [termsField('method')]: terms.method,
    [termsField('methodDays')]: terms.methodDays === null ? '' : String(terms.methodDays),
  }
  if (terms.shipBeforePaid) fields[termsField('shipBeforePaid')] = 'on'
  terms.milestones.forEach((m, i) => {
    fields[termsField('milestones', i, 'share')] = m.share
    fields[termsField('milestones', i, 'event')] = m.event
    fields[termsField('milestones', i, 'offsetDays')] = String(m.offsetDays)
  })
  return fields
}

/** One payment of the whole on shipment, by a letter of credit at sight. */
export const LC_AT_SIGHT: PaymentTerms = { method: 'lc_at_sight', methodDays: null, shipBeforePaid: false, milestones: [{ share: '100', event: 'shipped', offsetDays: 0 }] }
