import { formatMoney } from '~/lib/i18n'
import { useReader } from '~/lib/reader'

/** An exact price string formatted for the page's reader. */
export function Price({ amount, currency, className }: { amount: string; currency: string; className?: string }) {
  return <span className={className}>{formatMoney(amount, currency, useReader())}</span>
}
