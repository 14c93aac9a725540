import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/faq'
import { CtaPanel } from '~/components/titled-region'
import { Button } from '~/components/ui/button'
import { getI18n } from '~/lib/i18next.server'
import { ContentSection, FAQ_GROUPS, FAQ_ITEM_KEYS, PageBody, PageHero, pageMeta, RichText, stripRichText } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const [base, i18n] = await Promise.all([loadPageMeta(request, context, 'faq'), getI18n(request, context)])
  // Plain-text questions and answers for FAQPage structured data.
  const qa = FAQ_ITEM_KEYS.map((key) => ({
    q: i18n.t(`pages:faq.items.${key}.q`),
    a: stripRichText(i18n.t(`pages:faq.items.${key}.a`)),
  }))
  return { ...base, qa }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData, '/faq', [
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        inLanguage: loaderData?.locale,
        mainEntity: (loaderData?.qa ?? []).map(({ q, a }) => ({
          '@type': 'Question',
          name: q,
          acceptedAnswer: { '@type': 'Answer', text: a },
        })),
      },
    },
  ])

export default function Faq() {
  const { t } = useTranslation('pages')
  return (
    <>
      <PageHero eyebrow={t('faq.eyebrow')} title={t('faq.title')} lead={t('faq.lead')}>
        <nav aria-label={t('shared.onThisPage')} className="flex flex-wrap gap-2">
          {FAQ_GROUPS.map((group) => (
            <a
              key={group.id}
              href={`#${group.id}`}
              className="rounded-full border bg-background px-3 py-1 text-sm font-medium hover:border-primary hover:text-primary"
            >
              {t(`faq.groups.${group.key}`)}
            </a>
          ))}
        </nav>
      </PageHero>
      <PageBody>
        {FAQ_GROUPS.map((group) => (
          <ContentSection key={group.id} id={group.id} title={t(`faq.groups.${group.key}`)}>
            <div className="divide-y rounded-lg border">
              {group.items.map((key) => (
                <details key={key} id={`faq-${key}`} className="group scroll-mt-24" data-testid="faq-item">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
                    <span>{t(`faq.items.${key}.q`)}</span>
                    <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
                  </summary>
                  <div className="px-5 pb-5 text-base leading-7 text-foreground/90">
                    <p>
                      <RichText text={t(`faq.items.${key}.a`)} />
                    </p>
                  </div>
                </details>
              ))}
            </div>
          </ContentSection>
        ))}

        <CtaPanel headingId="faq-more-heading" title={t('faq.more.title')} body={t('faq.more.body')}>
          <Button asChild>
            <Link to="/contact">{t('faq.more.contact')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/guides">{t('faq.more.guides')}</Link>
          </Button>
        </CtaPanel>
      </PageBody>
    </>
  )
}
