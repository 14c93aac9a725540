import { Store } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardDescription, CardFooter, CardHeader } from '~/components/ui/card'

/** Spec §2: what a signed-in buyer sees on a seller-only page, with the way to their own dashboard (issue 26 item 6). */
export function SellerRequired() {
  const { t } = useTranslation('account')
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <span className="mb-2 rounded-full bg-muted p-3">
            <Store className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold">{t('dashboard.sellerRequired')}</h1>
          <CardDescription>{t('dashboard.sellerRequiredDescription')}</CardDescription>
        </CardHeader>
        <CardFooter className="flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/dashboard">{t('dashboard.myDashboard')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/marketplace">{t('dashboard.browseMarketplace')}</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/profile">{t('dashboard.myProfile')}</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  )
}
