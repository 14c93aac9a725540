import { useTranslation } from 'react-i18next'
import { data, isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/category'
import { RouteErrorNotice } from '~/components/route-error-notice'
import type { Language, I18nHandle } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { referenceData } from '~/lib/reference-cache.server'
import { seoMeta } from '~/lib/seo'
import { CategoryCard, ProductListing } from '~/modules/catalog'
import { getCategory, listCategories, loadListing } from '~/modules/catalog/index.server'
import { requestReaderRates } from '~/modules/rates/index.server'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['catalog', 'units'] }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const i18n = await getI18n(request, context)
  const origin = publicOrigin(request)
  if (params.id === 'all') {
    const categories = await referenceData(`categories:${locale}`, () => listCategories(locale))
    return {
      kind: 'all' as const,
      categories,
      locale,
      origin,
      title: i18n.t('catalog:categories.allTitle'),
      description: i18n.t('catalog:categories.allDescription'),
    }
  }
  // A category with its subcategories and counts is reference data (reference-cache.server.ts); an unknown id is not kept.
  const category = await referenceData(`category:${locale}:${params.id}`, () => getCategory(params.id, locale), (c) => c !== null)
  if (!category) {
    throw data({ title: i18n.t('catalog:categories.notFound.title'), id: params.id.slice(0, 80) }, { status: 404 })
  }
  const listing = await loadListing(new URL(request.url), locale, { fixedCategory: category.id, prices: await requestReaderRates(request, locale) })
  return {
    kind: 'one' as const,
    category,
    listing,
    locale,
    origin,
    title: category.name,
    description: category.description || i18n.t('catalog:categories.metaDescription', { name: category.name }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, error, params }) => {
  if (!loaderData) {
    const title = isRouteErrorResponse(error) ? (error.data as { title?: string })?.title : undefined
    return [{ title: `${title ?? 'Category not found'} | Setu` }, { name: 'robots', content: 'noindex' }]
  }
  return seoMeta({
    title: loaderData.title,
    description: loaderData.description,
    origin: loaderData.origin,
    path: `/categories/${params.id}`,
    locale: loaderData.locale,
    noindex: loaderData.kind === 'one' && loaderData.listing.filtered,
  })
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  if (loaderData.kind === 'all') {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('categories.allTitle')}</h1>
          <p className="text-muted-foreground">{t('categories.allDescription')}</p>
        </header>
        {loaderData.categories.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.categories.map((c) => (
              <li key={c.id}>
                <CategoryCard category={c} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{t('categories.empty')}</p>
        )}
      </div>
    )
  }
  const { category, listing } = loaderData
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-3">
        {category.parent ? (
          <p className="text-sm text-muted-foreground">
            <Link to={`/categories/${category.parent.id}`} className="text-primary hover:underline">
              {t('categories.parent', { name: category.parent.name })}
            </Link>
          </p>
        ) : (
          <p className="text-sm">
            <Link to="/categories/all" className="text-primary hover:underline">
              {t('categories.allTitle')}
            </Link>
          </p>
        )}
        <h1 className="text-3xl font-bold tracking-tight">{category.name}</h1>
        {category.description ? <p className="max-w-3xl text-muted-foreground">{category.description}</p> : null}
        {category.subcategories.length > 0 ? (
          <nav aria-label={t('categories.subcategories')}>
            <ul className="flex flex-wrap gap-2">
              {category.subcategories.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`/categories/${s.id}`}
                    className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {s.name}
                    <span className="text-xs text-muted-foreground">({s.productCountCapped ? t('categories.countCapped', { count: s.productCount }) : s.productCount})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <ProductListing
        result={listing.result}
        query={listing.query}
        notices={listing.notices}
        categories={null}
        basePath={`/categories/${category.id}`}
      />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('catalog')
  const id = isRouteErrorResponse(error) ? (error.data as { id?: string })?.id : undefined
  return (
    <RouteErrorNotice
      error={error}
      notFound={{ title: t('categories.notFound.title'), description: t('categories.notFound.description', { id: id ?? '' }) }}
      link={{ to: '/categories/all', label: t('categories.notFound.viewAll') }}
    />
  )
}
