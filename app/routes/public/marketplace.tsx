import { useTranslation } from 'react-i18next'
import type { Route } from './+types/marketplace'
import { ListingPage, listingMeta } from './listing-page'
import { loadListingPage } from './listing-page.server'
import type { I18nHandle } from '~/lib/i18n'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['catalog', 'units'] }

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadListingPage(request, context, {}, (t, { query }) => ({
    title: query.q ? t('catalog:marketplace.searchTitle', { q: query.q }) : t('catalog:marketplace.title'),
    description: t('catalog:marketplace.description'),
  }))

export const meta: Route.MetaFunction = ({ loaderData }) => listingMeta(loaderData, '/marketplace')

export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  return <ListingPage title={t('marketplace.title')} description={t('marketplace.description')} basePath="/marketplace" listing={loaderData} />
}
