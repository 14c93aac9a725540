// The reader's currency beside the seller's (issue 28 item 4): "≈ ₹20,020.00" after an amount in another
// currency, the rate's date and source on hover and on keyboard focus (a described-by tooltip, read by
// screen readers too), and the page's footnote naming every rate it converted with.
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { convertForReader, ratesUsed } from '~/lib/conversion'
import { formatMoney } from '~/lib/i18n'
import { useReader, useReaderRates } from '~/lib/reader'
import { cn } from '~/lib/utils'

/**
 * "≈ ₹20,020.00" as a figure whose rate is told on hover and on keyboard focus: a button only to be
 * reachable by keyboard, described by a tooltip that CSS shows (read by screen readers too; display:
 * none until then, so a narrow screen never scrolls sideways for it). The live
 * conversion below and a stamped one (rates module's StampedAmount, compact) look alike.
 */
export function ApproximateFigure({ text, note, className, testId }: { text: string; note: string; className?: string; testId: string }) {
  const id = useId()
  return (
    <span className={cn('group relative z-10 inline-block whitespace-nowrap text-sm font-normal text-muted-foreground', className)}>
      <button type="button" aria-describedby={id} data-testid={testId} className="cursor-help underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring">
        {text}
      </button>
      <span role="tooltip" id={id} className="absolute bottom-full left-0 z-20 mb-1 hidden w-max max-w-72 whitespace-normal rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-md group-focus-within:block group-hover:block">
        {note}
      </span>
    </span>
  )
}

/** "≈ ₹20,020.00" for an amount in another currency than the reader's; nothing when no fresh rate is known. */
export function ConvertedAmount({ amount, currency, className }: { amount: string; currency: string; className?: string }) {
  const { t } = useTranslation('common')
  const reader = useReader()
  const converted = convertForReader(amount, currency, useReaderRates())
  if (!converted) return null
  const { rate } = converted
  return (
    <ApproximateFigure
      text={`≈ ${formatMoney(converted.amount, converted.currency, reader)}`}
      note={t('currency.rateOf', { from: currency, to: converted.currency, date: rate.dateText, source: rate.source })}
      className={className}
      testId="converted-amount"
    />
  )
}

/** The page's footnote: "≈ approximate, at the RUB → INR rate of 25 Nov 2026 (source)" for each rate its amounts used. */
export function RatesFootnote({ currencies, className }: { currencies: readonly string[]; className?: string }) {
  const { t } = useTranslation('common')
  const readerRates = useReaderRates()
  const used = ratesUsed(currencies, readerRates)
  if (!readerRates || used.length === 0) return null
  return (
    <div className={cn('text-xs text-muted-foreground', className)} data-testid="rates-footnote">
      {used.map(({ from, rate }) => (
        <p key={from}>{t('currency.footnote', { from, to: readerRates.currency, date: rate.dateText, source: rate.source })}</p>
      ))}
    </div>
  )
}
