// How a notice reads, built from its kind and params in the reader's language. Shared by the in-app
// list (browser and server) and the email job, so both say the same thing. No Drizzle here.
import type { TFunction } from 'i18next'
import { formatDate } from '~/lib/format'
import { formatCount, formatMoney, type Reader } from '~/lib/i18n'
import { isCalendarDay, isQuantityUnit, MONEY_PATTERN, ORDER_STATUSES, unitText } from '~/domain'

const CURRENCY = /^[A-Z]{3}$/

/** The values the sentence is built from: money and quantities formatted for the reader, an order status translated. */
export function messageValues(t: TFunction, reader: Reader, params: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = { ...params }
  if (params.amount && params.currency && MONEY_PATTERN.test(params.amount) && CURRENCY.test(params.currency)) {
    try {
      values.amount = formatMoney(params.amount, params.currency, reader)
    } catch {
      values.amount = `${params.amount} ${params.currency}`
    }
  }
  // A payment milestone's due date (issue 29), as a day in the reader's language.
  if (isCalendarDay(params.due)) values.due = formatDate(params.due, reader)
  // An order status the notice names is translated from notifications:statuses.*.
  if (params.status && (ORDER_STATUSES as readonly string[]).includes(params.status)) values.status = t(`notifications:statuses.${params.status}`)
  // A quantity with its unit ("12 t", "3 containers"), and what a price is per; notices written before
  // units were stamped on them (issue 28) say "units".
  const unit = isQuantityUnit(params.unit) ? params.unit : null
  if (params.quantity && /^\d+$/.test(params.quantity)) {
    const count = Number(params.quantity)
    values.quantity = unit ? `${formatCount(count, reader)} ${t(...unitText(unit, count))}` : t('notifications:withoutUnit.quantity', { count, formatted: formatCount(count, reader) })
  }
  values.per = unit ? t(`units:per.${unit}`) : t('notifications:withoutUnit.per')
  return values
}

/** The notice's headline and sentence for the reader (its language; numbers grouped for its region). */
export function notificationText(t: TFunction, reader: Reader, kind: string, params: Record<string, string>): { title: string; body: string } {
  const values = messageValues(t, reader, params)
  return { title: t(`notifications:kinds.${kind}.title`, values), body: t(`notifications:kinds.${kind}.body`, values) }
}

/** The short order number people see (the first 8 characters of its id), as the order page shows it. */
export const shortOrderId = (orderId: string) => orderId.slice(0, 8)

/** A notice's params as strings only: our flows write strings, but a jsonb column could hold anything. */
export function stringParams(params: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string') out[k] = v
  }
  return out
}
