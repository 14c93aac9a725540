import { ArrowRight, Plane, Ship, TrainFront } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/logistics'
import { Button } from '~/components/ui/button'
import { CaptionedTable, ContentSection, listOf, PageBody, PageHero, pageMeta, Prose, RichText } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadPageMeta(request, context, 'logistics')

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/logistics')

const MODES = [
  { key: 'sea', icon: Ship },
  { key: 'rail', icon: TrainFront },
  { key: 'air', icon: Plane },
] as const

const COLUMNS = ['mode', 'route', 'transit', 'bestFor'] as const

function BulletList({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i}>
          <RichText text={item} />
        </li>
      ))}
    </ul>
  )
}

export default function Logistics() {
  const { t } = useTranslation('pages')
  return (
    <>
      <PageHero eyebrow={t('logistics.eyebrow')} title={t('logistics.title')} lead={t('logistics.lead')} />
      <PageBody>
        <ContentSection id="modes" title={t('logistics.modes.title')}>
          <p className="mb-6 text-muted-foreground">{t('logistics.modes.intro')}</p>
          <ul className="mb-6 grid gap-4 sm:grid-cols-3" aria-hidden>
            {MODES.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-center gap-3 rounded-lg border bg-card p-4 shadow-sm">
                <Icon className="size-7 text-primary" />
                <div>
                  <p className="font-semibold">{t(`logistics.modes.${key}.name`)}</p>
                  <p className="text-lg font-bold">{t(`logistics.modes.${key}.transit`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <CaptionedTable
            caption={t('logistics.modes.caption')}
            columns={COLUMNS.map((col) => t(`logistics.modes.columns.${col}`))}
            className="min-w-[40rem]"
            testId="transport-modes"
          >
            {MODES.map(({ key }) => (
              <tr key={key} className="align-top">
                <th scope="row" className="px-4 py-3 font-semibold">
                  {t(`logistics.modes.${key}.name`)}
                </th>
                <td className="px-4 py-3 leading-6">{t(`logistics.modes.${key}.route`)}</td>
                <td className="whitespace-nowrap px-4 py-3 font-medium">{t(`logistics.modes.${key}.transit`)}</td>
                <td className="px-4 py-3 leading-6 text-muted-foreground">{t(`logistics.modes.${key}.bestFor`)}</td>
              </tr>
            ))}
          </CaptionedTable>
        </ContentSection>

        <ContentSection id="instc" title={t('logistics.instc.title')}>
          <Prose>
            {listOf(t, 'logistics.instc.body').map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </Prose>
        </ContentSection>

        <ContentSection id="product-pages" title={t('logistics.productPages.title')}>
          <Prose>
            <p>{t('logistics.productPages.body')}</p>
            <BulletList items={listOf(t, 'logistics.productPages.items')} />
            <p>{t('logistics.productPages.note')}</p>
          </Prose>
        </ContentSection>

        <ContentSection id="packaging" title={t('logistics.packaging.title')}>
          <Prose>
            <BulletList items={listOf(t, 'logistics.packaging.items')} />
          </Prose>
        </ContentSection>

        <ContentSection id="insurance" title={t('logistics.insurance.title')}>
          <Prose>
            {listOf(t, 'logistics.insurance.body').map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </Prose>
        </ContentSection>

        <ContentSection id="customs" title={t('logistics.customs.title')}>
          <Prose>
            <BulletList items={listOf(t, 'logistics.customs.items')} />
          </Prose>
        </ContentSection>

        <section aria-labelledby="logistics-more-heading" className="rounded-xl border bg-accent/60 p-6 sm:p-8">
          <h2 id="logistics-more-heading" className="text-xl font-bold">
            {t('logistics.more.title')}
          </h2>
          <p className="mt-2 text-muted-foreground">{t('logistics.more.body')}</p>
          <Button asChild className="mt-5">
            <Link to="/trade-instructions/logistics">
              {t('logistics.more.link')} <ArrowRight aria-hidden />
            </Link>
          </Button>
        </section>
      </PageBody>
    </>
  )
}
