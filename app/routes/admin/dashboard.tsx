import { Package, ShieldCheck, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/dashboard'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { INTL_LOCALES, type Language } from '~/lib/i18n'
import { AdminErrorBoundary } from '~/modules/admin/components/admin-error-boundary'
import { AdminShell } from '~/modules/admin/components/admin-shell'
import { getAdminOverview } from '~/modules/admin/queries.server'
import { adminHeader, requireAdmin } from '~/modules/admin/session.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const overview = await getAdminOverview()
  const i18n = await getI18n(request, context)
  return { admin: adminHeader(admin), overview, locale: getLocale(context) as Language, title: i18n.t('admin:meta.dashboard') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Admin Panel'} | Setu` }, { name: 'robots', content: 'noindex' }]

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { admin, overview, locale } = loaderData
  const number = new Intl.NumberFormat(INTL_LOCALES[locale])
  const cards = [
    { key: 'overview.totalUsers', value: overview.totalUsers, icon: Users, testId: 'stat-total-users' },
    { key: 'overview.pendingKyc', value: overview.pendingKyc, icon: ShieldCheck, testId: 'stat-pending-kyc' },
    { key: 'overview.activeProducts', value: overview.activeProducts, icon: Package, testId: 'stat-active-products' },
  ]
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('overview.title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('overview.description')}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.key}>
            <Card>
              <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
                <h2 className="text-sm font-medium text-muted-foreground">{t(card.key)}</h2>
                <card.icon className="size-4 text-muted-foreground" aria-hidden />
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold" data-testid={card.testId}>
                  {number.format(card.value)}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
