import { useTranslation } from 'react-i18next'
import { ApproximateFigure } from '~/components/converted-amount'
import { CURRENCY_MINOR_UNITS } from '~/domain'
import { multiplyDecimal } from '~/lib/decimal'
import { formatMoney } from '~/lib/i18n'
import { useReaderRates } from '~/lib/reader'
import { useFormat } from '~/lib/use-format'
import type { RateStamp } from '../stamp'

/**
 * An agreed amount in the reader's currency at the rate stamped on the agreement (issue 28 item 5): the
 * figure both parties saw when it was made, not today's. "≈ ₹10,36,958.75 at the order's rate of
 * 29 Nov 2026"; `of="offer"` for an offer or a counter-offer (a negotiation round), `per` after a unit
 * price ("per tonne"). `compact` (a table cell) writes "≈ ₹10,36,958.75" alone and tells the rate on
 * hover and focus, as the live conversion does. Nothing when the amount is in the reader's currency or
 * the stamp has no rate to it.
 */
export function StampedAmount({
  amount,
  stamp,
  of = 'order',
  per,
  compact = false,
  className,
}: {
  amount: string
  stamp: RateStamp | null
  of?: 'order' | 'offer'
  per?: string
  compact?: boolean
  className?: string
}) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const currency = useReaderRates()?.currency
  if (!stamp || !currency || currency === stamp.from) return null
  const rate = stamp.rates.find((r) => r.to === currency)
  const converted = rate ? multiplyDecimal(amount, rate.rate, CURRENCY_MINOR_UNITS[currency]) : null
  if (!rate || converted === null) return null
  const figure = `${formatMoney(converted, currency, format.reader)}${per ? ` ${per}` : ''}`
  const date = format.date(rate.effectiveDate)
  if (compact) {
    const note = t(of === 'offer' ? 'rateStamp.offerRateNote' : 'rateStamp.orderRateNote', { from: stamp.from, to: currency, date, source: rate.source })
    return <ApproximateFigure text={`≈ ${figure}`} note={note} className={className} testId="stamped-amount" />
  }
  return (
    <span className={className} data-testid="stamped-amount">
      {t(of === 'offer' ? 'rateStamp.convertedOffer' : 'rateStamp.converted', { amount: figure, date })}
    </span>
  )
}
