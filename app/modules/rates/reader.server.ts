// The request's reader's currency and rates (issue 28 item 4), loaded once per request: the root loader
// sends them to the page, and a listing's price filter compares through the same rates.
import type { ReaderRates } from '~/lib/conversion'
import { readerOf, type Language } from '~/lib/i18n'
import { visitorCurrency } from '~/lib/reader-currency'
import { perRequest } from '~/lib/request-memo.server'
import { getCurrentUser } from '~/modules/accounts/index.server'
import { readerRates } from './rates.server'

/**
 * The reader's currency (a signed-in user's profile; a visitor's cookie, else their language's
 * country's, lib/reader-currency.ts) and the fresh rate from each other currency to it.
 */
export function requestReaderRates(request: Request, lng: Language): Promise<ReaderRates> {
  return perRequest(request, `reader-rates:${lng}`, async () => {
    const user = await getCurrentUser(request)
    const currency = user?.profile?.preferredCurrency ?? visitorCurrency(request.headers.get('Cookie'), lng)
    return readerRates(currency, readerOf(lng, user?.profile?.country))
  })
}
