// Payment terms as readable text (issue 29 item 1): the method with its days and one line per milestone
// ("30 % on proforma issued", "70 % 30 days after shipped"), in the reader's language and numbers. One
// wording for every place terms are shown (negotiation rounds, the quote comparison, the order page), in
// the browser (PaymentTermsSummary) or on the server (documents). Browser-safe and pure.
import { formatHundredths, shareHundredths, type PaymentTerms } from '~/domain'

/** i18next's `t` as far as this text needs it (the payments namespace's keys, with a namespace prefix). */
type Translate = (key: string, values?: Record<string, unknown>) => string

/** The terms' text: the method line, one line per milestone in the terms' order, and the "ships first" line when set. */
export type PaymentTermsText = { method: string; milestones: string[]; shipBeforePaid: string | null }

/**
 * The terms in words. `number` formats a share for the reader (33.33 → "33,33" in Russian); without it
 * the share is written as stored.
 */
export function describePaymentTerms(terms: PaymentTerms, t: Translate, number: (value: number) => string = (v) => formatHundredths(Math.round(v * 100))): PaymentTermsText {
  const days = (count: number) => t('payments:terms.days', { count })
  const method = t(`payments:methods.${terms.method}`)
  return {
    method: terms.methodDays === null ? method : t('payments:terms.methodDays', { method, days: days(terms.methodDays) }),
    milestones: terms.milestones.map((m) => {
      const share = number((shareHundredths(m.share) ?? 0) / 100)
      return m.offsetDays === 0 ? t(`payments:terms.on.${m.event}`, { share }) : t(`payments:terms.after.${m.event}`, { share, days: days(m.offsetDays) })
    }),
    shipBeforePaid: terms.shipBeforePaid ? t('payments:terms.shipBeforePaid') : null,
  }
}
