/** The tabs of /trade-instructions, in display order. The slug is what `?tab=` carries; `key` names its translations. */
export const TRADE_TABS = [
  { slug: 'getting-started', key: 'gettingStarted' },
  { slug: 'product-guidelines', key: 'productGuidelines' },
  { slug: 'documentation', key: 'documentation' },
  { slug: 'customs-logistics', key: 'customsLogistics' },
  { slug: 'payment-legal', key: 'paymentLegal' },
] as const

export type TradeTab = (typeof TRADE_TABS)[number]['slug']
export type TradeTabKey = (typeof TRADE_TABS)[number]['key']

export const DEFAULT_TRADE_TAB: TradeTab = 'getting-started'

/** The tab named by a `?tab=` value; anything unknown (or missing) falls back to the first tab. */
export function parseTradeTab(value: unknown): TradeTab {
  const match = TRADE_TABS.find((tab) => tab.slug === value)
  return match ? match.slug : DEFAULT_TRADE_TAB
}

/** The search string for a tab, keeping every other parameter (such as ?lng=); the default tab is left out. */
export function searchWithTab(current: URLSearchParams, tab: TradeTab): URLSearchParams {
  const next = new URLSearchParams(current)
  if (tab === DEFAULT_TRADE_TAB) next.delete('tab')
  else next.set('tab', tab)
  return next
}

/** True when two URLs differ in nothing but `?tab=`: switching tabs needs no new data. */
export function onlyTabChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('tab')
    params.sort()
    return params.toString()
  }
  return strip(current) === strip(next)
}
