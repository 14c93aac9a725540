import { BadgeCheck, PackageSearch } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/seller'
import { RouteErrorNotice } from '~/components/route-error-notice'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { formatDate } from '~/lib/format'
import { readerOf, type I18nHandle, type Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { seoMeta } from '~/lib/seo'
import { CountryLabel, PageSchema, Pagination, ProductGrid } from '~/modules/catalog'
import { getSeller, listSellerProducts } from '~/modules/catalog/index.server'
import { RegistryBadges } from '~/modules/accounts'
import { getCurrentUser, registryBadgeTexts } from '~/modules/accounts/index.server'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['catalog', 'units'] }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [seller, i18n] = await Promise.all([getSeller(params.id), getI18n(request, context)])
  // Unknown, malformed, a buyer, a seller not (or no longer) approved: all the same 404.
  if (!seller) {
    throw data({ title: i18n.t('catalog:seller.notFound.title') }, { status: 404 })
  }
  const url = new URL(request.url)
  const page = PageSchema.catch(1).parse(url.searchParams.get('page') ?? '')
  const [result, viewer] = await Promise.all([listSellerProducts(seller.id, page, locale), getCurrentUser(request)])
  // Verified registry identities (issue 30 item 1): the numbers only for a signed-in viewer with a profile.
  const registryBadges = (await registryBadgeTexts([seller.id], Boolean(viewer?.profile), i18n.t))[seller.id]
  const who = { name: seller.displayName, country: i18n.t(`catalog:countries.${seller.country}`) }
  // A capped count (ADR 017) reads "1,000+", not "1000".
  const description = result.totalCapped
    ? i18n.t('catalog:seller.metaDescriptionCapped', { ...who, total: result.total })
    : i18n.t('catalog:seller.metaDescription', { ...who, count: result.total })
  return {
    seller,
    // Written here, not while the page hydrates: a browser's first Intl date formatter costs tens of ms.
    memberSince: formatDate(seller.memberSince, readerOf(locale), 'long'),
    result,
    registryBadges,
    locale,
    origin: publicOrigin(request),
    description,
    // Later pages and other query strings are not indexed; the canonical page is the first.
    noindex: [...url.searchParams.keys()].some((k) => k !== 'lng'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) {
    const title = isRouteErrorResponse(error) ? (error.data as { title?: string })?.title : undefined
    return [{ title: `${title ?? 'Seller not found'} | Setu` }, { name: 'robots', content: 'noindex' }]
  }
  const { seller, origin, locale, description, noindex } = loaderData
  return [
    ...seoMeta({ title: seller.displayName, description, origin, path: `/sellers/${seller.id}`, locale, noindex }),
    { property: 'og:type', content: 'profile' },
  ]
}

export default function SellerPage({ loaderData }: Route.ComponentProps) {
  const { seller, result, memberSince, registryBadges } = loaderData
  const { t } = useTranslation('catalog')
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-3 rounded-lg border p-6">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('seller.kind')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{seller.displayName}</h1>
          {seller.verified ? (
            <Badge variant="success" className="gap-1" data-testid="seller-verified">
              <BadgeCheck className="size-3.5" aria-hidden />
              {t('product.seller.verified')}
            </Badge>
          ) : null}
          <RegistryBadges texts={registryBadges} />
        </div>
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          {seller.contactName ? (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{t('seller.contact')}:</dt>
              <dd className="font-medium">{seller.contactName}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t('seller.country')}:</dt>
            <dd className="font-medium">
              <CountryLabel country={seller.country} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t('seller.memberSince')}:</dt>
            <dd className="font-medium">
              <time dateTime={seller.memberSince} data-testid="member-since">
                {memberSince}
              </time>
            </dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby="seller-products-heading" className="flex flex-col gap-4">
        <h2 id="seller-products-heading" className="text-xl font-semibold">
          {t(result.totalCapped ? 'seller.productsCapped' : 'seller.products', { count: result.total })}
        </h2>
        {result.items.length > 0 ? (
          <>
            <ProductGrid products={result.items} />
            <Pagination
              page={result.page}
              totalPages={result.totalPages}
              hrefFor={(page) => `/sellers/${seller.id}${page > 1 ? `?page=${page}` : ''}`}
            />
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center" data-testid="empty-state">
            <PackageSearch className="size-10 text-muted-foreground" aria-hidden />
            <p className="max-w-md text-muted-foreground">{t('seller.noProducts')}</p>
            <Button asChild variant="outline">
              <Link to="/marketplace">{t('product.notFound.browse')}</Link>
            </Button>
          </div>
        )}
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('catalog')
  return (
    <RouteErrorNotice
      error={error}
      notFound={{ title: t('seller.notFound.title'), description: t('seller.notFound.description') }}
      link={{ to: '/marketplace', label: t('product.notFound.browse') }}
    />
  )
}
