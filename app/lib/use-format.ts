// The formatting hook: every number, amount and date a page shows, for the reader the root loader
// named (language and region, lib/reader.ts). The functions are lib/i18n.ts's and lib/format.ts's,
// which the server's text (emails, notices) calls with its reader given explicitly.
import { useMemo, useSyncExternalStore } from 'react'
import { formatDate, formatDateTime, formatNumber } from './format'
import { formatCount, formatMoney } from './i18n'
import { useReader } from './reader'

const noSubscription = () => () => {}
// The server does not know the reader's zone: it renders moments in UTC (named), and the hydrated page
// re-renders them in the browser's zone (useSyncExternalStore renders the server's value first).
const browserZone = () => undefined
const serverZone = () => 'UTC'

/** The page reader's formatters (useFormat). */
export type Formatters = ReturnType<typeof useFormat>

/** Formatters for the page's reader: money, counts, other numbers, days and moments (lib/i18n.ts's rules). */
export function useFormat() {
  const reader = useReader()
  const timeZone = useSyncExternalStore<string | undefined>(noSubscription, browserZone, serverZone)
  return useMemo(
    () => ({
      reader,
      money: (amount: string, currency: string) => formatMoney(amount, currency, reader),
      count: (value: number) => formatCount(value, reader),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, reader, options),
      date: (value: Date | string, style?: 'medium' | 'long') => formatDate(value, reader, style),
      dateTime: (value: Date | string, timeStyle?: 'short' | 'medium' | 'long') => formatDateTime(value, reader, timeZone, timeStyle),
    }),
    [reader, timeZone],
  )
}
