import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/utils'
import { formatRate } from '~/lib/format'
import { useFormat } from '~/lib/use-format'
import { type RateStamp, unstampedCurrencies } from '../stamp'

/**
 * The exchange rates stamped on an offer, a counter or an order (ADR 028), as text: "1 RUB = ₹0.9412 ·
 * $0.0108 (CBR official rate, 25 Nov 2026)". Rates sharing a source and a date are written together;
 * `compact` (a negotiation round) leaves the sources out. A stamp without rates says none was known.
 * Converted totals are not this component's: it only says which rates held then.
 */
export function RateStampNote({ stamp, label, compact = false, className, testId }: { stamp: RateStamp; label: string; compact?: boolean; className?: string; testId?: string }) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const groups = new Map<string, { source: string; date: string; amounts: string[] }>()
  for (const r of stamp.rates) {
    const key = compact ? r.effectiveDate : `${r.source}\u0000${r.effectiveDate}`
    const group = groups.get(key) ?? { source: r.source, date: r.effectiveDate, amounts: [] }
    group.amounts.push(formatRate(r.rate, r.to, format.reader))
    groups.set(key, group)
  }
  // Figures, codes, the operator's source notes and dates only: the same punctuation in every language.
  const written = [...groups.values()].map((g) => `${g.amounts.join(' · ')} (${compact ? '' : `${g.source}, `}${format.date(g.date)})`)
  const missing = unstampedCurrencies(stamp)
  const text =
    written.length === 0
      ? t('rateStamp.none')
      : [`1 ${stamp.from} = ${written.join('; ')}`, missing.length > 0 && !compact ? t('rateStamp.missing', { currencies: missing.join(', ') }) : null].filter(Boolean).join(compact ? '' : '. ')
  return (
    <p className={cn('text-sm', compact && 'text-muted-foreground', className)} data-testid={testId}>
      <span className="font-medium">{label}:</span> {text}
    </p>
  )
}
