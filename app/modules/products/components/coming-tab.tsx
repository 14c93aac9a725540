import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, CardContent } from '~/components/ui/card'

/** A dashboard tab whose feature is not built yet: says plainly what will appear, with no dead buttons. */
export function ComingTab({ tab }: { tab: 'orders' | 'messages' | 'rfqs' }) {
  const { t } = useTranslation('products')
  return (
    <section aria-labelledby={`tab-${tab}`}>
      <Card>
        <CardContent className="flex flex-col gap-2 p-8">
          <h2 id={`tab-${tab}`} className="text-xl font-semibold">
            {t(`tabs.${tab}.title`)}
          </h2>
          <p className="text-muted-foreground">{t(`tabs.${tab}.body`)}</p>
          <p className="text-muted-foreground">
            {t('tabs.meanwhile')}{' '}
            <Link to="/dashboard/products" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('tabs.toProducts')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </section>
  )
}
