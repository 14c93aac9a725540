import { useTranslation } from 'react-i18next'
import type { Route } from './+types/trade-logistics'
import { seoMeta } from '~/lib/seo'
import { BulletList, IncotermsTable, RoutesTable, StepList, type TitledText, tList, TradeSubpageLayout } from '~/modules/content'
import { loadTradeMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadTradeMeta(request, context, 'logistics')

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ ...loaderData, path: '/trade-instructions/logistics' }) : []

export default function TradeLogistics() {
  const { t } = useTranslation('trade')
  return (
    <TradeSubpageLayout
      page="logistics"
      sections={[
        { id: 'routes', title: t('routes.title'), intro: t('routes.intro'), content: <RoutesTable /> },
        {
          id: 'instc',
          title: t('logistics.instc.title'),
          content: (
            <div className="max-w-3xl space-y-4 leading-7">
              {tList(t, 'logistics.instc.body').map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          ),
        },
        { id: 'timeline', title: t('logistics.timeline.title'), content: <StepList steps={tList<TitledText>(t, 'logistics.timeline.steps')} /> },
        { id: 'incoterms', title: t('incoterms.title'), intro: t('incoterms.intro'), content: <IncotermsTable /> },
        { id: 'cargo', title: t('logistics.cargo.title'), content: <BulletList items={tList(t, 'logistics.cargo.items')} /> },
      ]}
    />
  )
}
