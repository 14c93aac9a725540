import { useTranslation } from 'react-i18next'
import { CURRENCY_MINOR_UNITS } from '~/domain'
import { multiplyDecimal } from '~/lib/decimal'
import { formatMoney } from '~/lib/i18n'
import { useReaderRates } from '~/lib/reader'
import { useFormat } from '~/lib/use-format'
import type { RateStamp } from '../stamp'

/**
 * An agreed amount in the reader's currency at the rate stamped on the agreement (issue 28 item 5): the
 * figure both parties saw when it was made, not today's. "≈ ₹10,36,958.75 at the order's rate of
 * 29 Nov 2026". Nothing when the amount is in the reader's currency or the stamp has no rate to it.
 */
export function StampedAmount({ amount, stamp, className }: { amount: string; stamp: RateStamp | null; className?: string }) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const currency = useReaderRates()?.currency
  if (!stamp || !currency || currency === stamp.from) return null
  const rate = stamp.rates.find((r) => r.to === currency)
  const converted = rate ? multiplyDecimal(amount, rate.rate, CURRENCY_MINOR_UNITS[currency]) : null
  if (!rate || converted === null) return null
  return (
    <span className={className} data-testid="stamped-amount">
      {t('rateStamp.converted', { amount: formatMoney(converted, currency, format.reader), date: format.date(rate.effectiveDate) })}
    </span>
  )
}
