import { BadgeCheck, FileSearch, Handshake, Languages, MessagesSquare, Ship } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/about'
import { CtaBand } from '~/components/page-bands'
import { TitledRegion } from '~/components/titled-region'
import { Button } from '~/components/ui/button'
import { ContentSection, listOf, PageBody, PageHero, pageMeta, Prose, RichText, type TitledText } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadPageMeta(request, context, 'about')

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/about')

// One icon per item of pages:about.offer.items, in the same order.
const OFFER_ICONS = [BadgeCheck, MessagesSquare, Languages, FileSearch, Ship] as const

/** The page's two large buttons, in the hero and the closing band: register (the primary one) and browse the marketplace. */
export function JoinOrBrowse({ join, browse, onDark = false }: { join: string; browse: string; onDark?: boolean }) {
  return (
    <>
      <Button asChild size="lg">
        <Link to="/register">{join}</Link>
      </Button>
      <Button
        asChild
        size="lg"
        variant={onDark ? null : 'outline'}
        className={onDark ? 'border border-slate-500 bg-transparent text-white hover:bg-white/10 hover:text-white' : undefined}
      >
        <Link to="/marketplace">{browse}</Link>
      </Button>
    </>
  )
}

export default function About() {
  const { t } = useTranslation('pages')
  const offers = listOf<TitledText>(t, 'about.offer.items')
  const steps = listOf<TitledText>(t, 'about.how.steps')
  const values = listOf<TitledText>(t, 'about.values.items')
  return (
    <>
      <PageHero eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')}>
        <JoinOrBrowse join={t('about.cta.register')} browse={t('about.cta.marketplace')} />
      </PageHero>
      <PageBody>
        <ContentSection id="mission" title={t('about.mission.title')}>
          <Prose>
            {listOf(t, 'about.mission.body').map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </Prose>
        </ContentSection>

        <ContentSection id="offer" title={t('about.offer.title')}>
          <p className="mb-6 text-muted-foreground">{t('about.offer.intro')}</p>
          <ul className="grid gap-4 sm:grid-cols-2 sm:[&>li:last-child:nth-child(odd)]:col-span-2">
            {offers.map((item, i) => {
              const Icon = OFFER_ICONS[i] ?? Handshake
              return (
                <li key={i} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <div>
                    <h3 className="font-semibold">{item.title}</h3>
                    <p className="mt-1 text-sm leading-6 text-muted-foreground">{item.body}</p>
                  </div>
                </li>
              )
            })}
          </ul>
        </ContentSection>

        <ContentSection id="how-it-works" title={t('about.how.title')}>
          <ol className="grid gap-4 sm:grid-cols-2">
            {steps.map((step, i) => (
              <li key={i} className="flex gap-4 rounded-lg border p-5">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground" aria-hidden>
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-muted-foreground">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </ContentSection>

        <ContentSection id="vision" title={t('about.vision.title')}>
          <Prose>
            {listOf(t, 'about.vision.body').map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </Prose>
        </ContentSection>

        <ContentSection id="values" title={t('about.values.title')}>
          <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
            {values.map((value, i) => (
              <div key={i} className="border-l-4 border-primary/60 pl-4">
                <dt className="font-semibold">{value.title}</dt>
                <dd className="mt-1 text-sm leading-6 text-muted-foreground">{value.body}</dd>
              </div>
            ))}
          </dl>
        </ContentSection>

        <TitledRegion
          as="aside"
          headingId="notice-heading"
          title={t('about.notice.title')}
          className="rounded-lg border border-amber-200 bg-amber-50 p-5 text-amber-950"
          titleClassName="font-semibold"
        >
          <p className="mt-2 text-sm leading-6">
            <RichText text={t('about.notice.body')} />
          </p>
        </TitledRegion>

        <CtaBand tone="dark" headingId="cta-heading" title={t('about.cta.title')} body={t('about.cta.body')}>
          <JoinOrBrowse join={t('about.cta.register')} browse={t('about.cta.marketplace')} onDark />
        </CtaBand>
      </PageBody>
    </>
  )
}
