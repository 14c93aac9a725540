import { randomUUID } from 'node:crypto'
import { BadgeCheck, PackageCheck, PackageX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, isRouteErrorResponse, Link, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/product'
import { RatesFootnote } from '~/components/reader-amount'
import { MessageButton } from '~/components/message-button'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import type { Language, I18nHandle } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { seoMeta } from '~/lib/seo'
import { getCurrentUser, registryBadgeTexts, type CurrentUser } from '~/modules/accounts/index.server'
import { canOrder, CountryLabel, isProductId, Price, ProductGallery, PurchasePanel } from '~/modules/catalog'
import { getProduct, recordProductView } from '~/modules/catalog/index.server'
import { ProductRequestButton } from '~/modules/rfqs'
import { isSeller } from '~/modules/accounts'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['catalog', 'units', 'rfqs', 'messages', 'payments'] }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  // A malformed id never reaches PostgreSQL (it would be a uuid cast error): it is simply not found.
  const viewer = isProductId(params.id) ? await getCurrentUser(request) : null
  const ownerId = isSeller(viewer?.profile) ? viewer.profile.id : null
  const product = isProductId(params.id) ? await getProduct(params.id, locale, ownerId) : null
  if (!product) {
    const i18n = await getI18n(request, context)
    throw data(
      { title: i18n.t('catalog:product.notFound.title'), description: i18n.t('catalog:product.notFound.description') },
      { status: 404 },
    )
  }
  const description = (product.description || product.longDescription).slice(0, 160)
  // Only a public page counts as a view (an owner's preview of a hidden product does not).
  const view =
    product.visibility === 'public'
      ? await recordProductView(request, { id: product.id, sellerId: product.seller.id }, viewer ? { userId: viewer.id, profileId: viewer.profile?.id ?? null } : null)
      : null
  // The order form's one-time token, for a viewer with a profile who is not the product's seller.
  const orderKey = viewer?.profile && viewer.profile.id !== product.seller.id ? randomUUID() : null
  // The "Request a quote" dialog's own one-time token (issue 8 item 2), on the same terms as ordering.
  // Also who sees "Contact seller": a viewer with a profile, not the seller, on a public product.
  const requestKey = orderKey && product.visibility === 'public' ? randomUUID() : null
  // Verified registry identities (issue 30 item 1): the numbers only for a signed-in viewer with a profile.
  const registryBadges = (await registryBadgeTexts([product.seller.id], Boolean(viewer?.profile), (await getI18n(request, context)).t))[product.seller.id]
  return data(
    { product, locale, origin: publicOrigin(request), description, orderKey, requestKey, registryBadges },
    view?.setCookie ? { headers: { 'Set-Cookie': view.setCookie } } : undefined,
  )
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) {
    const title = isRouteErrorResponse(error) ? (error.data as { title?: string })?.title : undefined
    return [{ title: `${title ?? 'Product Not Found'} | Setu` }, { name: 'robots', content: 'noindex' }]
  }
  const { product, origin, locale, description } = loaderData
  return [
    ...seoMeta({ title: product.name, description, origin, path: `/products/${product.id}`, locale }),
    { property: 'og:type', content: 'product' },
    ...(product.images[0] ? [{ property: 'og:image', content: new URL(product.images[0], origin).toString() }] : []),
  ]
}

/** One breadcrumb; without `to` it is the current page. */
function Crumb({ to, first = false, children }: { to?: string; first?: boolean; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-1">
      {first ? null : (
        // Lucide's chevron-right drawn inline: its own chunk would put this page over its 150 kB budget.
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-3.5" aria-hidden>
          <path d="m9 18 6-6-6-6" />
        </svg>
      )}
      {to ? (
        <Link to={to} className="hover:text-foreground hover:underline">
          {children}
        </Link>
      ) : (
        <span aria-current="page" className="max-w-64 truncate text-foreground">
          {children}
        </span>
      )}
    </li>
  )
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData
  const { t } = useTranslation('catalog')
  const root = useRouteLoaderData<{ user: CurrentUser | null }>('root')
  const orderable = canOrder(product)
  const unit = t(`units:short.${product.unit}`)
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      {product.visibility !== 'public' ? (
        <Alert variant="warning" role="status" data-testid="owner-preview">
          <AlertDescription>{t(`product.ownerPreview.${product.visibility}`)}</AlertDescription>
        </Alert>
      ) : null}
      <nav aria-label={t('product.breadcrumbs')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <Crumb to="/" first>
            {t('product.home')}
          </Crumb>
          <Crumb to="/marketplace">{t('product.marketplace')}</Crumb>
          <Crumb to={`/categories/${product.category.id}`}>{product.category.name}</Crumb>
          {product.subcategory ? <Crumb to={`/categories/${product.subcategory.id}`}>{product.subcategory.name}</Crumb> : null}
          <Crumb>
            <span lang={product.lang.name}>{product.name}</span>
          </Crumb>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />

        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              {product.isNew ? <Badge>{t('card.new')}</Badge> : null}
            <dl className="contents">
              <div className="flex gap-1">
                <dt className="text-muted-foreground">{t('product.category')}:</dt>
                <dd>
                  <Link to={`/categories/${product.category.id}`} className="font-medium text-primary hover:underline">
                    {product.category.name}
                  </Link>
                </dd>
              </div>
              {product.subcategory ? (
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">{t('product.subcategory')}:</dt>
                  <dd>
                    <Link to={`/categories/${product.subcategory.id}`} className="font-medium text-primary hover:underline">
                      {product.subcategory.name}
                    </Link>
                  </dd>
                </div>
              ) : null}
            </dl>
            </div>
            {/* A text the seller did not write in the page language is shown in another one, marked with lang. */}
            <h1 className="text-3xl font-bold tracking-tight" lang={product.lang.name}>
              {product.name}
            </h1>
            {product.description ? (
              <p className="text-muted-foreground" lang={product.lang.description}>
                {product.description}
              </p>
            ) : null}
          </div>

          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Price amount={product.price} currency={product.currency} className="text-3xl font-bold text-primary" />
            <span className="text-sm text-muted-foreground">
              {t(`units:per.${product.unit}`)} · {product.currency}
            </span>
          </div>

          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">{t('product.availability.label')}</dt>
              <dd className="flex items-center gap-1.5 font-medium" data-testid="availability">
                {product.stockQuantity === 0 ? (
                  <>
                    <PackageX className="size-4 text-destructive" aria-hidden />
                    {t('product.availability.outOfStock')}
                  </>
                ) : orderable ? (
                  <>
                    <PackageCheck className="size-4 text-emerald-600" aria-hidden />
                    {t('product.availability.inStock', { count: product.stockQuantity, unit })}
                  </>
                ) : (
                  <>
                    <PackageX className="size-4 text-amber-600" aria-hidden />
                    {t('product.availability.belowMoq', { count: product.stockQuantity, moq: product.minimumOrderQuantity, unit })}
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('product.moqLabel')}</dt>
              <dd className="font-medium">{t('product.amount', { count: product.minimumOrderQuantity, unit })}</dd>
            </div>
            {product.trade.hsCode ? (
              <div>
                <dt className="text-muted-foreground">{t('product.trade.hsCode')}</dt>
                <dd className="font-mono font-medium" data-testid="hs-code">
                  {product.trade.hsCode}
                </dd>
              </div>
            ) : null}
            {product.trade.origin ? (
              <div>
                <dt className="text-muted-foreground">{t('product.trade.origin')}</dt>
                <dd className="font-medium" data-testid="origin">
                  {product.trade.origin.name}
                </dd>
              </div>
            ) : null}
          </dl>

          <Card>
            <CardContent className="flex flex-col gap-1 p-4 text-sm">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('product.seller.title')}</p>
              <p className="flex flex-wrap items-center gap-2 font-semibold" data-testid="seller">
                {product.seller.publicPage ? (
                  <Link to={`/sellers/${product.seller.id}`} className="inline-flex min-h-6 items-center text-primary hover:underline">
                    {product.seller.companyName ?? product.seller.name}
                  </Link>
                ) : (
                  (product.seller.companyName ?? product.seller.name)
                )}
                {product.seller.verified ? (
                  <Badge variant="success" className="gap-1">
                    <BadgeCheck className="size-3.5" aria-hidden />
                    {t('product.seller.verified')}
                  </Badge>
                ) : null}
                {/* Verified registry identities (issue 30 item 1): texts from the loader, inline to keep this page in its budget. */}
                {loaderData.registryBadges?.map((text) => (
                  <Badge key={text} variant="success" data-testid="registry-badge">
                    {text}
                  </Badge>
                ))}
              </p>
              {product.seller.companyName ? <p className="text-muted-foreground">{t('product.seller.contact', { name: product.seller.name })}</p> : null}
              <CountryLabel country={product.seller.country} className="text-muted-foreground" />
            </CardContent>
          </Card>

          <PurchasePanel
            product={product}
            signedIn={!!root?.user}
            orderKey={loaderData.orderKey}
            requestQuote={loaderData.requestKey ? (quantity) => <ProductRequestButton product={product} requestKey={loaderData.requestKey!} quantity={quantity} /> : undefined}
            contactSeller={
              loaderData.requestKey ? (
                <MessageButton subjectType="product" subjectId={product.id} label="start.contactSeller" context={product.seller.companyName ?? product.seller.name} size="default" />
              ) : undefined
            }
          />
        </div>
      </div>

      <Tabs defaultValue="details" className="w-full">
        <TabsList aria-label={t('product.tabs.label')}>
          <TabsTrigger value="details">{t('product.tabs.details')}</TabsTrigger>
          <TabsTrigger value="specifications">{t('product.tabs.specifications')}</TabsTrigger>
          <TabsTrigger value="shipping">{t('product.tabs.shipping')}</TabsTrigger>
        </TabsList>
        {/* forceMount keeps every tab in the HTML for search engines and visitors without JavaScript. */}
        <TabsContent value="details" forceMount className="data-[state=inactive]:hidden">
          <div
            className="max-w-3xl whitespace-pre-line leading-relaxed"
            lang={product.longDescription ? product.lang.longDescription : product.description ? product.lang.description : undefined}
          >
            {product.longDescription || product.description || t('product.details.empty')}
          </div>
        </TabsContent>
        <TabsContent value="specifications" forceMount className="data-[state=inactive]:hidden">
          {product.specifications.length > 0 || product.sku ? (
            <table className="w-full max-w-3xl text-sm">
              <caption className="sr-only">{t('product.tabs.specifications')}</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('product.specs.name')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('product.specs.value')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {product.specifications.map((s, i) => (
                  <tr key={`${s.name}-${i}`} className="border-b last:border-0" lang={product.lang.specifications}>
                    <th scope="row" className="py-2 pr-4 text-left font-normal text-muted-foreground">
                      {s.name}
                    </th>
                    <td className="py-2">{s.value}</td>
                  </tr>
                ))}
                {product.sku ? (
                  <tr className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-4 text-left font-normal text-muted-foreground">
                      {t('product.sku')}
                    </th>
                    <td className="py-2 font-mono">{product.sku}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          ) : (
            <p className="text-muted-foreground">{t('product.specs.empty')}</p>
          )}
        </TabsContent>
        <TabsContent value="shipping" forceMount className="data-[state=inactive]:hidden">
          <div className="flex max-w-3xl flex-col gap-6">
            {product.shippingOptions.length > 0 ? (
              <table className="w-full text-sm">
                <caption className="mb-2 text-left font-semibold">{t('product.shipping.title')}</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t('product.shipping.method')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t('product.shipping.cost')}
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      {t('product.shipping.time')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {product.shippingOptions.map((o, i) => (
                    <tr key={`${o.method}-${i}`} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-4 text-left font-normal">
                        {t(`product.shipping.methods.${o.method}`)}
                      </th>
                      <td className="py-2 pr-4">
                        <Price amount={o.price} currency={o.currency} />
                      </td>
                      <td className="py-2">{o.estimatedDays ? t('product.shipping.days', { days: o.estimatedDays }) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-muted-foreground">{t('product.shipping.none')}</p>
            )}
            <div className="rounded-lg border p-4">
              <h2 className="font-semibold">{t('product.returns.title')}</h2>
              <p className="mt-1 font-medium" data-testid="return-rule">
                {t('product.returns.rule')}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{t('product.returns.detail')}</p>
            </div>
          </div>
        </TabsContent>
      </Tabs>
      <RatesFootnote currencies={[product.currency, ...product.shippingOptions.map((o) => o.currency)]} />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('catalog')
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? t('product.notFound.title') : t('common:error.title')}</h1>
      <p className="text-muted-foreground">{notFound ? t('product.notFound.description') : t('common:error.description')}</p>
      <Button asChild>
        <Link to="/marketplace">{t('product.notFound.browse')}</Link>
      </Button>
    </div>
  )
}
