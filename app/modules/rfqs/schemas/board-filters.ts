// The seller's RFQ board query string.
import { CURRENCIES } from '~/domain'
import { parseRfqListPage } from './common'

/** The RFQ board's filters (?q=&category=&currency=&notQuoted=1&match=1&page=); junk falls back to "any". */
/** `mine`: only the product requests addressed to this seller ("Requests for my products"). */
export type BoardFilters = { q: string; category: string | null; currency: (typeof CURRENCIES)[number] | null; notQuoted: boolean; match: boolean; mine: boolean; page: number }

export function parseBoardFilters(params: URLSearchParams): BoardFilters {
  const text = (params.get('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100)
  const category = params.get('category') ?? ''
  const currency = params.get('currency') ?? ''
  return {
    q: text,
    category: category.length <= 64 && /^[a-z0-9][a-z0-9-]*$/.test(category) ? category : null,
    currency: (CURRENCIES as readonly string[]).includes(currency) ? (currency as BoardFilters['currency']) : null,
    notQuoted: params.get('notQuoted') === '1',
    match: params.get('match') === '1',
    mine: params.get('mine') === '1',
    page: parseRfqListPage(params),
  }
}
