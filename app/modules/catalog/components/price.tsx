import { formatMoney } from '~/lib/i18n'
import { useLocale } from './use-locale'

/** An exact price string formatted for the page language. */
export function Price({ amount, currency, className }: { amount: string; currency: string; className?: string }) {
  const locale = useLocale()
  return <span className={className}>{formatMoney(amount, currency, locale)}</span>
}
