import { ArrowRight, CreditCard, FileText, Handshake, Languages, Plane, ScrollText, Ship, TrainFront, Truck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/home'
import { CtaBand, SectionHeading } from '~/components/page-bands'
import { TitledRegion } from '~/components/titled-region'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { Language } from '~/lib/i18n'
import { formatCount, type I18nHandle } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { referenceData } from '~/lib/reference-cache.server'
import { seoMeta } from '~/lib/seo'
import { useReader } from '~/lib/reader'
import { cn } from '~/lib/utils'
import { CategoryCard, FEATURED_CATEGORY_IDS, ProductGrid } from '~/modules/catalog'
import { getCatalogStats, listFeaturedCategories, listNewLaunches } from '~/modules/catalog/index.server'

/** The translations this page renders with, loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['home', 'catalog', 'units'] }

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  // The featured categories with their counts and the catalog counters are reference data, shared
  // until the catalog changes (reference-cache.server.ts); the new launches are a listing, read each time.
  const [featured, launches, stats, i18n] = await Promise.all([
    referenceData(`featured-categories:${locale}`, () => listFeaturedCategories(FEATURED_CATEGORY_IDS, locale)),
    listNewLaunches(locale),
    referenceData('catalog-stats', getCatalogStats),
    getI18n(request, context),
  ])
  return {
    featured,
    launches,
    stats,
    locale,
    origin: publicOrigin(request),
    title: i18n.t('home:meta.title'),
    description: i18n.t('home:meta.description'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/', locale: loaderData.locale })
    : []

const GUIDES = [
  { key: 'documentation', href: '/trade-instructions/documentation', icon: FileText },
  { key: 'logistics', href: '/trade-instructions/logistics', icon: Ship },
  { key: 'payment', href: '/trade-instructions/payment', icon: CreditCard },
] as const

const REASONS = [
  { key: 'transparent', icon: Handshake },
  { key: 'language', icon: Languages },
  { key: 'regulatory', icon: ScrollText },
  { key: 'logistics', icon: Truck },
] as const

/** A band of the page: its heading (with an optional "view all" link) and content. */
function HomeSection({
  id,
  muted = false,
  viewAll,
  children,
}: {
  id: 'featured' | 'guide' | 'launches' | 'why'
  muted?: boolean
  viewAll?: string
  children: React.ReactNode
}) {
  const { t } = useTranslation('home')
  return (
    <section aria-labelledby={`${id}-heading`} className={cn('render-when-visible', muted && 'bg-muted/40')}>
      <div className="mx-auto max-w-7xl px-4 py-14">
        <SectionHeading
          id={`${id}-heading`}
          title={t(`${id}.title`)}
          description={t(`${id}.subtitle`)}
          action={
            viewAll ? (
              <Link to={viewAll} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
                {t(`${id}.viewAll`)} <ArrowRight className="size-4" aria-hidden />
              </Link>
            ) : undefined
          }
        />
        {children}
      </div>
    </section>
  )
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, launches, stats } = loaderData
  const { t } = useTranslation('home')
  const reader = useReader()
  return (
    <>
      <section aria-labelledby="hero-heading" className="bg-gradient-to-br from-primary/10 via-background to-secondary/40">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1fr_24rem]">
          <div className="flex flex-col gap-8">
            <div className="flex max-w-3xl flex-col gap-5">
              <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t('hero.eyebrow')}</p>
              <h1 id="hero-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
                {t('hero.title')}
              </h1>
              <p className="text-lg text-muted-foreground">{t('hero.subtitle')}</p>
              <div className="flex flex-wrap gap-3">
                <Button asChild size="lg">
                  <Link to="/register">{t('hero.joinSeller')}</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to="/marketplace">{t('hero.browse')}</Link>
                </Button>
              </div>
            </div>
            <dl className="grid max-w-2xl grid-cols-3 gap-2 sm:gap-4" data-testid="home-stats">
              {(
                [
                  ['products', stats.activeProducts, stats.activeProductsApprox],
                  ['sellers', stats.verifiedSellers, stats.verifiedSellersApprox],
                  ['categories', stats.categories, false],
                ] as const
              ).map(([key, value, approx]) => (
                <div key={key} className="min-w-0 rounded-lg border bg-background/80 p-3 sm:p-4">
                  <dt className="text-xs text-muted-foreground [overflow-wrap:anywhere] sm:text-sm">{t(`stats.${key}`)}</dt>
                  {/* Above 1,000 the count is an estimate (ADR 017): "about 840,000". */}
                  <dd className="text-2xl font-bold" data-testid={`home-stat-${key}`}>
                    {approx ? t('stats.about', { value: formatCount(value, reader) }) : formatCount(value, reader)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <TransitTimes />
        </div>
      </section>

      <HomeSection id="featured" viewAll="/categories/all">
        <ul className="grid gap-4 md:grid-cols-3" data-testid="featured-categories">
          {featured.map((c) => (
            <li key={c.id}>
              <CategoryCard category={c} />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="guide" muted>
        <ul className="grid gap-4 md:grid-cols-3">
          {GUIDES.map(({ key, href, icon: Icon }) => (
            <li key={key}>
              <Card className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <CardHeader>
                  <Icon className="mb-2 size-8 text-primary" aria-hidden />
                  <CardTitle>
                    <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
                      {t(`guide.${key}.title`)}
                    </Link>
                  </CardTitle>
                  <CardDescription>{t(`guide.${key}.description`)}</CardDescription>
                </CardHeader>
                <CardContent className="text-sm font-medium text-primary">{t('guide.read')}</CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="launches" viewAll="/marketplace/new">
        {launches.length > 0 ? (
          <div data-testid="new-launches">
            <ProductGrid products={launches} newBadges />
          </div>
        ) : (
          <p className="text-muted-foreground">{t('launches.empty')}</p>
        )}
      </HomeSection>

      <HomeSection id="why" muted>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex flex-col gap-2">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{t(`why.${key}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`why.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <div className="render-when-visible mx-auto max-w-7xl px-4 py-16">
        <CtaBand tone="primary" headingId="cta-heading" title={t('cta.title')} body={t('cta.subtitle')}>
          <Button asChild size="lg" variant="secondary">
            <Link to="/register">{t('cta.register')}</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant={null}
            className="border border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link to="/trade-instructions">{t('cta.learn')}</Link>
          </Button>
        </CtaBand>
      </div>
    </>
  )
}

const ROUTES = [
  { key: 'sea', Icon: Ship },
  { key: 'rail', Icon: TrainFront },
  { key: 'air', Icon: Plane },
] as const

/** The three ways goods travel between the countries, with the transit times of the trade guide. */
function TransitTimes() {
  const { t } = useTranslation('home')
  return (
    <TitledRegion
      as="aside"
      headingId="transit-heading"
      title={t('routes.title')}
      className="rounded-xl border bg-background/90 p-6 shadow-sm"
      titleClassName="text-lg font-semibold"
    >
      <ul className="mt-4 space-y-4">
        {ROUTES.map(({ key, Icon }) => (
          <li key={key} className="flex gap-3">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{t(`routes.${key}Days`)}</p>
              <p className="text-sm text-muted-foreground">{t(`routes.${key}`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link
        to="/trade-instructions/logistics#routes"
        className="mt-5 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('routes.link')} <ArrowRight aria-hidden className="size-4" />
      </Link>
    </TitledRegion>
  )
}
