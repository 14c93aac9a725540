import { useTranslation } from 'react-i18next'
import type { Route } from './+types/trade-documentation'
import { seoMeta } from '~/lib/seo'
import { BulletList, CertificationsList, DOC_FLOWS, DOC_SIDES, type DocRow, DocumentTable, tList, TradeSubpageLayout } from '~/modules/content'
import { loadTradeMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadTradeMeta(request, context, 'documentation')

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ ...loaderData, path: '/trade-instructions/documentation' }) : []

const FLOW_IDS = { indiaToRussia: 'india-to-russia', russiaToIndia: 'russia-to-india' } as const

export default function TradeDocumentation() {
  const { t } = useTranslation('trade')
  return (
    <TradeSubpageLayout
      page="documentation"
      sections={[
        ...DOC_FLOWS.map((flow) => ({
          id: FLOW_IDS[flow],
          title: t(`documentation.flows.${flow}.title`),
          content: (
            <div className="flex flex-col gap-8">
              {DOC_SIDES.map((side) => {
                const title = t(`documentation.flows.${flow}.${side}.title`)
                return (
                  <div key={side}>
                    <h3 className="mb-3 text-lg font-semibold">{title}</h3>
                    <DocumentTable caption={title} rows={tList<DocRow>(t, `documentation.flows.${flow}.${side}.rows`)} />
                  </div>
                )
              })}
            </div>
          ),
        })),
        { id: 'certifications', title: t('certifications.title'), intro: t('certifications.intro'), content: <CertificationsList /> },
        { id: 'tips', title: t('documentation.tips.title'), content: <BulletList items={tList(t, 'documentation.tips.items')} /> },
      ]}
    />
  )
}
