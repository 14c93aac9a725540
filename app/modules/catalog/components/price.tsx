import { ConvertedAmount } from '~/components/reader-amount'
import { formatMoney } from '~/lib/i18n'
import { useReader } from '~/lib/reader'

/**
 * An exact price string formatted for the page's reader and, when it is in another currency than
 * theirs, the approximate amount in theirs beside it (issue 28 item 4; `converted={false}` leaves it out).
 */
export function Price({ amount, currency, className, converted = true }: { amount: string; currency: string; className?: string; converted?: boolean }) {
  const text = <span className={className}>{formatMoney(amount, currency, useReader())}</span>
  if (!converted) return text
  return (
    <>
      {text}
      <ConvertedAmount amount={amount} currency={currency} className="ml-1" />
    </>
  )
}
