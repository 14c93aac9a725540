import { useTranslation } from 'react-i18next'
import type { Route } from './+types/marketplace-new'
import type { Language, I18nHandle } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { seoMeta } from '~/lib/seo'
import { NEW_LISTING_DAYS, ProductListing } from '~/modules/catalog'
import { loadListing } from '~/modules/catalog/index.server'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [listing, i18n] = await Promise.all([loadListing(new URL(request.url), locale, { newOnly: true }), getI18n(request, context)])
  return {
    ...listing,
    locale,
    origin: publicOrigin(request),
    title: i18n.t('catalog:newListings.title'),
    description: i18n.t('catalog:newListings.description', { days: NEW_LISTING_DAYS }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({
        title: loaderData.title,
        description: loaderData.description,
        origin: loaderData.origin,
        path: '/marketplace/new',
        locale: loaderData.locale,
        noindex: loaderData.filtered,
      })
    : []

export default function NewListings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('newListings.title')}</h1>
        <p className="text-muted-foreground">{t('newListings.description', { days: NEW_LISTING_DAYS })}</p>
      </header>
      <ProductListing
        result={loaderData.result}
        query={loaderData.query}
        notices={loaderData.notices}
        categories={loaderData.categories}
        basePath="/marketplace/new"
      />
    </div>
  )
}
