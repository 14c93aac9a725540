import { Package, Scale, ShieldCheck, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { AdminErrorBoundary, AdminShell, can, OverviewRecentActivity, SystemStatus } from '~/modules/admin'
import { adminHeader, getAdminOverview, getSystemStatus, listRecentActivity, requireAdmin } from '~/modules/admin/index.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  // Recent Activity comes from the audit log: everyone's acts for those who may read the log, only
  // their own for the others (a moderator sees what they did, not what user managers did).
  const activityScope = can(admin.role, 'audit:read') ? ('all' as const) : ('own' as const)
  const [overview, recentActivity, systemStatus, i18n] = await Promise.all([
    getAdminOverview(),
    listRecentActivity(activityScope === 'all' ? {} : { adminId: admin.id }),
    getSystemStatus(),
    getI18n(request, context),
  ])
  return data(
    {
      admin: adminHeader(admin),
      overview,
      recentActivity,
      activityScope,
      systemStatus,
      // Counters link to their pages for admins who may open them.
      links: {
        totalUsers: can(admin.role, 'user:read') ? '/admin/users' : null,
        pendingKyc: can(admin.role, 'kyc:review') ? '/admin/kyc' : null,
        openDisputes: can(admin.role, 'dispute:resolve') ? '/admin/disputes' : null,
        activeProducts: null,
      },
      locale: getLocale(context) as Language,
      title: i18n.t('admin:meta.dashboard'),
    },
    // Measured states: never served from a cache.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Admin Panel'} | Setu` }, { name: 'robots', content: 'noindex' }]

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { admin, overview, recentActivity, activityScope, systemStatus, links, locale } = loaderData
  const format = useFormat()
  const cards = [
    { key: 'totalUsers', value: overview.totalUsers, icon: Users, testId: 'stat-total-users', to: links.totalUsers },
    { key: 'pendingKyc', value: overview.pendingKyc, icon: ShieldCheck, testId: 'stat-pending-kyc', to: links.pendingKyc },
    { key: 'openDisputes', value: overview.openDisputes, icon: Scale, testId: 'stat-open-disputes', to: links.openDisputes },
    { key: 'activeProducts', value: overview.activeProducts, icon: Package, testId: 'stat-active-products', to: links.activeProducts },
  ] as const
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('overview.title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('overview.description')}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key}>
            <Card className="h-full">
              <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
                <h2 className="text-sm font-medium text-muted-foreground">{t(`overview.${card.key}`)}</h2>
                <card.icon className="size-4 text-muted-foreground" aria-hidden />
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold" data-testid={card.testId}>
                  {card.key === 'activeProducts' && overview.activeProductsApprox ? t('overview.about', { value: format.count(card.value) }) : format.count(card.value)}
                </p>
                {card.to ? (
                  <Link to={card.to} className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {t(`overview.open.${card.key}`)}
                  </Link>
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <OverviewRecentActivity entries={recentActivity} scope={activityScope} />
        <SystemStatus status={systemStatus} />
      </div>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
