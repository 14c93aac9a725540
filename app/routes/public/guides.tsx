import { ArrowUp, BadgeCheck, Banknote, FileSignature, Lightbulb, Scale, ShieldCheck, Wheat } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/guides'
import { ContentSection, GUIDE_ANCHORS, GUIDE_KEYS, listOf, PageBody, PageHero, pageMeta, Prose, RichText } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadPageMeta(request, context, 'guides')

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/guides')

// One icon per guide (GUIDE_ANCHORS in the content module gives the guides, their order and anchors).
const GUIDE_ICONS = { spices: Wheat, eac: BadgeCheck, incoterms: Scale, payments: Banknote, rfq: FileSignature, kyc: ShieldCheck } as const

const GUIDES = GUIDE_KEYS.map((key) => ({ key, id: GUIDE_ANCHORS[key], icon: GUIDE_ICONS[key] }))

export default function Guides() {
  const { t } = useTranslation('pages')
  return (
    <>
      <PageHero eyebrow={t('guides.eyebrow')} title={t('guides.title')} lead={t('guides.lead')} />
      <PageBody>
        <ContentSection id="guide-list" title={t('guides.listTitle')}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="guide-cards">
            {GUIDES.map(({ id, key, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="group flex h-full flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:border-primary"
                >
                  <span className="flex size-10 items-center justify-center rounded-full bg-accent text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="font-semibold leading-snug group-hover:text-primary">{t(`guides.items.${key}.title`)}</h3>
                  <p className="text-sm leading-6 text-muted-foreground">{t(`guides.items.${key}.summary`)}</p>
                  <span className="mt-auto text-sm font-medium text-primary">
                    {t('guides.read')} <span aria-hidden>→</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </ContentSection>

        {GUIDES.map(({ id, key, icon: Icon }) => (
          <ContentSection
            as="article"
            key={id}
            id={id}
            title={
              <>
                <Icon className="size-6 shrink-0 text-primary" aria-hidden />
                {t(`guides.items.${key}.title`)}
              </>
            }
            className="border-t pt-10"
            titleClassName="flex items-center gap-3 text-2xl font-bold tracking-tight"
          >
            <Prose className="mt-4">
              <p className="text-lg text-muted-foreground">{t(`guides.items.${key}.intro`)}</p>
              <h3 className="text-lg font-semibold">{t('guides.stepsTitle')}</h3>
              <ol>
                {listOf(t, `guides.items.${key}.steps`).map((step, i) => (
                  <li key={i}>
                    <RichText text={step} />
                  </li>
                ))}
              </ol>
              <div role="note" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm leading-6 text-amber-950">
                <Lightbulb className="mt-0.5 size-5 shrink-0" aria-hidden />
                <p>
                  <strong className="font-semibold">{t('guides.tipTitle')}: </strong>
                  {t(`guides.items.${key}.tip`)}
                </p>
              </div>
              <p className="text-sm">
                <RichText text={t(`guides.items.${key}.related`)} />
              </p>
            </Prose>
            <a href="#guide-list" className="mt-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-primary hover:underline">
              <ArrowUp className="size-4" aria-hidden />
              {t('guides.backToList')}
            </a>
          </ContentSection>
        ))}
      </PageBody>
    </>
  )
}
