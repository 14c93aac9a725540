// The payment terms of an offer or an order as text (issue 29 item 1): the method with its days, then
// each milestone on its line ("30 % on proforma issued", "70 % 30 days after shipped"); an old row's free
// text as it was written; nothing when none were given. Every page that shows terms uses it.
import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/utils'
import { useFormat } from '~/lib/use-format'
import type { PaymentTermsView } from '../schemas'
import { describePaymentTerms } from '../terms-text'

export type PaymentTermsSummaryProps = {
  /** What the row says (paymentTermsView): structured terms, old free text, or none. */
  view: PaymentTermsView
  className?: string
  /** Shown when the row has no terms at all; left out, nothing is rendered. */
  emptyText?: string
}

/** The terms in words, compact enough for a detail list or a comparison cell. */
export function PaymentTermsSummary({ view, className, emptyText }: PaymentTermsSummaryProps) {
  const { t } = useTranslation('payments')
  const format = useFormat()
  if (view.kind === 'none') return emptyText ? <span className={className}>{emptyText}</span> : null
  if (view.kind === 'text') return <span className={cn('break-words', className)}>{view.text}</span>
  const text = describePaymentTerms(view.terms, t, (v) => format.number(v, { maximumFractionDigits: 2 }))
  return (
    <div className={cn('flex flex-col gap-0.5', className)} data-testid="payment-terms">
      <span>{text.method}</span>
      <ul className="flex flex-col">
        {text.milestones.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {text.shipBeforePaid ? <span className="text-muted-foreground">{text.shipBeforePaid}</span> : null}
    </div>
  )
}
