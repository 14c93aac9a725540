import { ArrowRight, Info } from 'lucide-react'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { TRADE_SUBPAGES, type TradeSubpage } from '../data'
import { CtaPanel, TitledRegion } from '~/components/titled-region'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'

/** The trade section's page column. */
export function TradeBody({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mx-auto flex max-w-5xl flex-col gap-14 px-4 py-10 sm:py-12', className)} {...props} />
}

/** Breadcrumbs from a sub-page back to the section: Home › Trade Instructions › current page. */
export function TradeBreadcrumbs({ current }: { current: string }) {
  const { t } = useTranslation('trade')
  return (
    <nav aria-label={t('nav.breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {[
          { to: '/', label: t('nav.home') },
          { to: '/trade-instructions', label: t('nav.hub') },
        ].map(({ to, label }) => (
          <li key={to} className="flex items-center gap-1">
            <Link to={to} className="rounded-sm text-muted-foreground hover:text-foreground hover:underline underline-offset-4">
              {label}
            </Link>
            {/* Lucide's chevron-right drawn inline: its own chunk would put the trade pages over their 150 kB budget. */}
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-4 text-muted-foreground" aria-hidden>
              <path d="m9 18 6-6-6-6" />
            </svg>
          </li>
        ))}
        <li>
          <span aria-current="page" className="font-medium text-foreground">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  )
}

/** The top band of a trade page with its only h1. */
export function TradeHero({
  eyebrow,
  title,
  intro,
  breadcrumbs,
  children,
}: {
  eyebrow: string
  title: string
  intro: string
  breadcrumbs?: React.ReactNode
  children?: React.ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className="border-b bg-gradient-to-br from-primary/10 via-background to-secondary/60">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-10 sm:py-14">
        {breadcrumbs}
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        <h1 id="page-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h1>
        <p className="max-w-3xl text-lg leading-relaxed text-muted-foreground">{intro}</p>
        {children ? <div className="mt-2 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  )
}

/** A titled section (h2) that in-page links can target below the sticky header. */
export function TradeSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string
  title: string
  intro?: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <TitledRegion id={id} headingId={`${id}-heading`} title={title} className={cn('scroll-mt-24', className)} titleClassName="text-2xl font-bold tracking-tight">
      {intro ? <p className="mt-3 max-w-3xl leading-7 text-muted-foreground">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </TitledRegion>
  )
}

/** A sub-heading (h3) block inside a section or tab panel. */
export function TradeSubsection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <h3 className="mb-3 text-lg font-semibold">{title}</h3>
      {children}
    </div>
  )
}

/** In-page navigation for a sub-page's sections. */
export function OnThisPage({ items }: { items: { id: string; label: string }[] }) {
  const { t } = useTranslation('trade')
  return (
    <nav aria-label={t('nav.onThisPage')} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <a
          key={item.id}
          href={`#${item.id}`}
          className="rounded-full border bg-background px-3 py-1 text-sm font-medium hover:border-primary hover:text-primary"
        >
          {item.label}
        </a>
      ))}
    </nav>
  )
}

/** Cards linking to the section's sub-pages, leaving out the page the reader is on. */
export function DeeperLinks({ exclude }: { exclude?: TradeSubpage }) {
  const { t } = useTranslation('trade')
  const pages = TRADE_SUBPAGES.filter((page) => page.key !== exclude)
  return (
    <TitledRegion headingId="deeper-heading" title={t('shared.deeper.title')} titleClassName="text-2xl font-bold tracking-tight">
      <ul className={cn('mt-6 grid gap-4', pages.length === 3 ? 'md:grid-cols-3' : 'sm:grid-cols-2')}>
        {pages.map((page) => (
          <li key={page.key} className="flex flex-col rounded-lg border bg-card p-5 shadow-sm">
            <h3 className="text-lg font-semibold">{t(`shared.deeper.${page.key}.title`)}</h3>
            <p className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{t(`shared.deeper.${page.key}.body`)}</p>
            <Link
              to={page.path}
              className="mt-4 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t(`shared.deeper.${page.key}.link`)} <ArrowRight className="size-4" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </TitledRegion>
  )
}

/** The closing call to action: the marketplace and registration. */
export function TradeCta() {
  const { t } = useTranslation('trade')
  return (
    <CtaPanel headingId="trade-cta-heading" title={t('shared.cta.title')} body={t('shared.cta.body')} bodyClassName="mt-2 max-w-3xl text-muted-foreground">
      <Button asChild>
        <Link to="/marketplace">
          {t('shared.browseMarketplace')} <ArrowRight aria-hidden />
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/register">{t('shared.register')}</Link>
      </Button>
    </CtaPanel>
  )
}

/** The note that this is guidance, not advice. */
export function TradeDisclaimer() {
  const { t } = useTranslation('trade')
  return (
    <p className="flex gap-2 rounded-lg border bg-muted/50 p-4 text-sm leading-6 text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{t('shared.disclaimer')}</span>
    </p>
  )
}

export type TradeSubpageSection = { id: string; title: string; intro?: string; content: React.ReactNode }

/**
 * A sub-page of the trade section: the hero with its breadcrumbs and an "On this page" list of the
 * sections, the sections, then the links to the other sub-pages, the call to action and the
 * disclaimer. The hero's texts are `{page}.eyebrow`, `{page}.title` and `{page}.intro`.
 */
export function TradeSubpageLayout({ page, sections }: { page: TradeSubpage; sections: TradeSubpageSection[] }) {
  const { t } = useTranslation('trade')
  return (
    <>
      <TradeHero
        eyebrow={t(`${page}.eyebrow`)}
        title={t(`${page}.title`)}
        intro={t(`${page}.intro`)}
        breadcrumbs={<TradeBreadcrumbs current={t(`${page}.title`)} />}
      >
        <OnThisPage items={sections.map(({ id, title }) => ({ id, label: title }))} />
      </TradeHero>
      <TradeBody>
        {sections.map(({ id, title, intro, content }) => (
          <TradeSection key={id} id={id} title={title} intro={intro}>
            {content}
          </TradeSection>
        ))}
        <DeeperLinks exclude={page} />
        <TradeCta />
        <TradeDisclaimer />
      </TradeBody>
    </>
  )
}
