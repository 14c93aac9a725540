import { useTranslation } from 'react-i18next'
import type { Route } from './+types/privacy'
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '~/lib/i18n'
import { CaptionedTable, LegalDocument, PageBody, PageHero, pageMeta } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadPageMeta(request, context, 'privacy')

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/privacy')

const SECTIONS = [
  'overview',
  'collect',
  'use',
  'legalBases',
  'kyc',
  'sharing',
  'transfers',
  'retention',
  'security',
  'rights',
  'cookies',
  'children',
  'changes',
  'contact',
] as const

// Names as the app sets them: better-auth with cookiePrefix 'setu', the i18n cookie, the toast session.
const COOKIES = [
  { key: 'session', name: 'setu.session_token' },
  { key: 'language', name: LANGUAGE_COOKIE },
  { key: 'toast', name: 'setu_toast' },
  { key: 'storage', name: LANGUAGE_STORAGE_KEY },
  // Anonymous product-view counting (app/modules/catalog/views.server.ts, VISITOR_COOKIE).
  { key: 'visitor', name: 'setu_visitor' },
] as const

function CookieTable() {
  const { t } = useTranslation('pages')
  const label = (key: string) => t(`privacy.cookieTable.${key}`)
  return (
    <CaptionedTable caption={label('caption')} columns={[label('name'), label('purpose'), label('duration')]} testId="cookie-table">
      {COOKIES.map(({ key, name }) => (
        <tr key={key} className="align-top">
          <th scope="row" className="px-4 py-2 font-mono text-xs font-medium">
            {name}
          </th>
          <td className="px-4 py-2">{t(`privacy.cookieTable.${key}.purpose`)}</td>
          <td className="px-4 py-2 text-muted-foreground">{t(`privacy.cookieTable.${key}.duration`)}</td>
        </tr>
      ))}
    </CaptionedTable>
  )
}

export default function Privacy() {
  const { t } = useTranslation('pages')
  return (
    <>
      <PageHero eyebrow={t('privacy.eyebrow')} title={t('privacy.title')} lead={t('privacy.lead')} note={t('shared.lastUpdated')} />
      <PageBody>
        <LegalDocument prefix="privacy" sections={SECTIONS} extra={{ cookies: <CookieTable /> }} />
      </PageBody>
    </>
  )
}
