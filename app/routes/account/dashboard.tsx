import { FileCheck2, Package, PackageCheck, ShieldAlert, Store, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { seoMeta } from '~/lib/seo'
import { getSellerProductStats } from '~/modules/accounts/profile-queries.server'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { KycStatusBadge } from '~/modules/kyc/components/kyc-status-badge'
import { KycStatusNotice } from '~/modules/kyc/components/kyc-status-notice'

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [i18n, user] = await Promise.all([getI18n(request, context), getCurrentUser(request)])
  const page = { locale, origin: publicOrigin(request), title: i18n.t('account:dashboard.title'), description: i18n.t('account:dashboard.description') }
  // Spec §2: anonymous visitors see 'Access Denied', non-sellers 'Seller Account Required'.
  if (!user) return { ...page, state: 'anonymous' as const, seller: null }
  if (!user.profile) return { ...page, state: 'noProfile' as const, seller: null }
  if (user.profile.userType !== 'Seller') return { ...page, state: 'notSeller' as const, seller: null }
  const stats = await getSellerProductStats(user.profile.id)
  return {
    ...page,
    state: 'seller' as const,
    seller: { name: user.profile.name, kycStatus: user.profile.kycStatus, ...stats },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/dashboard', locale: loaderData.locale, noindex: true })
    : []

function Gate({ icon, title, description, children }: { icon: React.ReactNode; title: string; description: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <span className="mb-2 rounded-full bg-muted p-3">{icon}</span>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardFooter className="flex-wrap justify-center gap-3">{children}</CardFooter>
      </Card>
    </div>
  )
}

function Stat({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: number; testId: string }) {
  const { i18n } = useTranslation()
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-6">
        <span className="rounded-md bg-primary/10 p-3 text-primary">{icon}</span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-3xl font-bold" data-testid={testId}>
            {value.toLocaleString(i18n.language)}
          </p>
        </div>
      </CardContent>
    </Card>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const { state, seller } = loaderData

  if (state === 'anonymous') {
    return (
      <Gate icon={<ShieldAlert className="size-6" aria-hidden />} title={t('dashboard.accessDenied')} description={t('dashboard.accessDeniedDescription')}>
        <Button asChild>
          <Link to="/login?redirectTo=%2Fdashboard">{t('dashboard.login')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/register">{t('dashboard.register')}</Link>
        </Button>
      </Gate>
    )
  }
  if (state !== 'seller' || !seller) {
    return (
      <Gate icon={<Store className="size-6" aria-hidden />} title={t('dashboard.sellerRequired')} description={t('dashboard.sellerRequiredDescription')}>
        <Button asChild>
          <Link to="/marketplace">{t('dashboard.browseMarketplace')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/create-rfq">{t('dashboard.createRfq')}</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/profile">{t('dashboard.myProfile')}</Link>
        </Button>
      </Gate>
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('dashboard.title')}</h1>
        <p className="text-muted-foreground">{t('dashboard.welcome', { name: seller.name })}</p>
      </header>
      <KycStatusNotice status={seller.kycStatus} place="dashboard" />
      <section aria-label={t('dashboard.statsLabel')} className="grid gap-4 sm:grid-cols-2">
        <Stat icon={<Package className="size-5" aria-hidden />} label={t('dashboard.totalProducts')} value={seller.totalProducts} testId="total-products" />
        <Stat icon={<PackageCheck className="size-5" aria-hidden />} label={t('dashboard.activeListings')} value={seller.activeListings} testId="active-listings" />
      </section>
      <section aria-labelledby="dashboard-account" className="grid gap-4 sm:grid-cols-2">
        <h2 id="dashboard-account" className="sr-only">
          {t('dashboard.accountSection')}
        </h2>
        <Card>
          <CardHeader>
            <h3 className="flex items-center gap-2 font-semibold">
              <FileCheck2 className="size-4" aria-hidden />
              {t('dashboard.kycCardTitle')}
            </h3>
            <div>
              <KycStatusBadge status={seller.kycStatus} />
            </div>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline" size="sm">
              <Link to="/kyc-upload">{t('dashboard.kycCardLink')}</Link>
            </Button>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <h3 className="flex items-center gap-2 font-semibold">
              <UserRound className="size-4" aria-hidden />
              {t('dashboard.profileCardTitle')}
            </h3>
            <CardDescription>{t('dashboard.profileCardDescription')}</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline" size="sm">
              <Link to="/profile">{t('dashboard.myProfile')}</Link>
            </Button>
          </CardFooter>
        </Card>
      </section>
    </div>
  )
}
