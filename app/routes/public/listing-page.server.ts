// The loader half of the marketplace's listing pages (marketplace.tsx, marketplace-new.tsx); the page half
// is listing-page.tsx. Not a route of its own.
import type { TFunction } from 'i18next'
import type { RouterContextProvider } from 'react-router'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { loadListing } from '~/modules/catalog/index.server'
import { requestReaderRates } from '~/modules/rates/index.server'

type Listing = Awaited<ReturnType<typeof loadListing>>

/**
 * A listing page's data: the products of the request's query (only the new ones with `newOnly`), the
 * reader's language, the public origin, and the page's title and description from `text`.
 */
export async function loadListingPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  opts: { newOnly?: boolean },
  text: (t: TFunction, listing: Listing) => { title: string; description: string },
) {
  const locale = getLocale(context) as Language
  // A price range is in the reader's currency, compared through the rates the page converts with.
  const prices = await requestReaderRates(request, locale)
  const [listing, i18n] = await Promise.all([loadListing(new URL(request.url), locale, { ...opts, prices }), getI18n(request, context)])
  return { ...listing, locale, origin: publicOrigin(request), ...text(i18n.t, listing) }
}
