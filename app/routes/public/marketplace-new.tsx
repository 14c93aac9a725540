import { useTranslation } from 'react-i18next'
import type { Route } from './+types/marketplace-new'
import { ListingPage, listingMeta } from './listing-page'
import { loadListingPage } from './listing-page.server'
import type { I18nHandle } from '~/lib/i18n'
import { NEW_LISTING_DAYS } from '~/modules/catalog'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['catalog', 'units'] }

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadListingPage(request, context, { newOnly: true }, (t) => ({
    title: t('catalog:newListings.title'),
    description: t('catalog:newListings.description', { days: NEW_LISTING_DAYS }),
  }))

export const meta: Route.MetaFunction = ({ loaderData }) => listingMeta(loaderData, '/marketplace/new')

export default function NewListings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  return (
    <ListingPage
      title={t('newListings.title')}
      description={t('newListings.description', { days: NEW_LISTING_DAYS })}
      basePath="/marketplace/new"
      listing={loaderData}
    />
  )
}
