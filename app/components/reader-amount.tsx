// The converted amounts' code is not needed to paint or hydrate a page
// (issue #11 budget: 150 kB of JavaScript per public page): the server renders them in full, the
// browser keeps that HTML (its tooltip is CSS, its focus a tabindex) and loads their code after the
// page, through import(). Only when the page's rates convert anything at all.
import { lazy, Suspense } from 'react'
import type { Currency } from '~/domain'
import { useReaderRates } from '~/lib/reader'

const LazyConvertedAmount = lazy(() => import('~/components/converted-amount').then((m) => ({ default: m.ConvertedAmount })))
const LazyRatesFootnote = lazy(() => import('~/components/converted-amount').then((m) => ({ default: m.RatesFootnote })))

/** Whether the page's rates convert an amount in `currency` (another currency than the reader's, with a usable rate). */
function useConverts(currencies: readonly string[]): boolean {
  const rates = useReaderRates()
  // Only a currency has a rate (the root loader's keys), so no currency list is needed here (issue #11).
  return Boolean(rates && currencies.some((c) => c !== rates.currency && Object.hasOwn(rates.rates, c) && rates.rates[c as Currency]))
}

/** "≈ ₹20,020.00" beside an amount in another currency than the reader's (components/converted-amount.tsx). */
export function ConvertedAmount(props: { amount: string; currency: string; className?: string }) {
  if (!useConverts([props.currency])) return null
  return (
    <Suspense fallback={null}>
      <LazyConvertedAmount {...props} />
    </Suspense>
  )
}

/** The page's footnote naming the rates its converted amounts used (components/converted-amount.tsx). */
export function RatesFootnote(props: { currencies: readonly string[]; className?: string }) {
  if (!useConverts(props.currencies)) return null
  return (
    <Suspense fallback={null}>
      <LazyRatesFootnote {...props} />
    </Suspense>
  )
}
