import { useTranslation } from 'react-i18next'
import type { Route } from './+types/terms'
import { LegalDocument, PageBody, PageHero, pageMeta } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadPageMeta(request, context, 'terms')

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/terms')

/** Section order; each id is a key under pages:terms.sections and the section's anchor. */
const SECTIONS = [
  'acceptance',
  'service',
  'eligibility',
  'accounts',
  'listings',
  'prohibited',
  'rfqs',
  'fees',
  'conduct',
  'suspension',
  'liability',
  'disputes',
  'law',
  'changes',
  'contact',
] as const

export default function Terms() {
  const { t } = useTranslation('pages')
  return (
    <>
      <PageHero eyebrow={t('terms.eyebrow')} title={t('terms.title')} lead={t('terms.lead')} note={t('shared.lastUpdated')} />
      <PageBody>
        <LegalDocument prefix="terms" sections={SECTIONS} />
      </PageBody>
    </>
  )
}
