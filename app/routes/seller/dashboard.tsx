import { ClipboardList, Eye, FileText, MessagesSquare, Package, PackageCheck, PackagePlus, Plus, ShoppingBag, ShoppingCart } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router'
import type { Route } from './+types/dashboard'
import { PageHeader } from '~/components/page-header'
import { Card, CardContent } from '~/components/ui/card'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { cn } from '~/lib/utils'
import { getCurrentUser } from '~/modules/accounts/index.server'
import { KycStatusNotice } from '~/modules/kyc'
import { SellerRequired } from '~/modules/products'
import { getSellerDashboardStats, sellerGate } from '~/modules/products/index.server'
import { countPendingOrders } from '~/modules/orders/index.server'
import { countOpenBoardRfqs, countSellerTurnQuotes, getBuyerQuoteCounts } from '~/modules/rfqs/index.server'

// The seller workspace frame (spec §2 Seller dashboard): gate, KYC prompt, real counters and the
// tabs, each its own URL (/dashboard/products, /orders, /messages, /rfqs, and /buying: what the seller
// buys). A buyer's frame (issue 26 item 6) holds their overview (/dashboard, /dashboard/buying); the
// seller-only tabs show them 'Seller Account Required'.
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [i18n, gate] = await Promise.all([getI18n(request, context), sellerGate(request)])
  const page = { locale, origin: publicOrigin(request), title: i18n.t('account:dashboard.title'), description: i18n.t('account:dashboard.description') }
  if (gate.state !== 'seller') {
    const profile = (await getCurrentUser(request))?.profile
    const buyerPage = { ...page, title: i18n.t('account:buying.title'), description: i18n.t('account:buying.description') }
    // Without a profile the layout shows the profile form in place of this page.
    if (profile) return { ...buyerPage, state: 'buyer' as const, buyer: { name: profile.name }, seller: null, stats: null }
    return { ...page, state: 'notSeller' as const, buyer: null, seller: null, stats: null }
  }
  const [products, openRfqs, sellerTurn, pendingOrders, buying] = await Promise.all([
    getSellerDashboardStats(gate.seller.id),
    countOpenBoardRfqs(gate.seller),
    countSellerTurnQuotes(gate.seller.id),
    countPendingOrders(gate.seller.id),
    getBuyerQuoteCounts(gate.seller.id),
  ])
  // RFQs awaiting a response (issue 8 item 11): those on this seller's board they have not quoted yet,
  // plus their negotiations where the buyer countered; pending orders wait for the seller to confirm
  // them. A seller who also buys sees the quotes waiting on their own RFQs.
  const stats = { ...products, openRfqs, sellerTurn, rfqsAwaiting: openRfqs + sellerTurn, pendingOrders, buying: buying.rfqs > 0 ? buying : null }
  return { ...page, state: 'seller' as const, buyer: null, seller: { name: gate.seller.name, kycStatus: gate.seller.kycStatus }, stats }
}

export const meta: Route.MetaFunction = noindexMeta()

function Stat({
  icon,
  label,
  value,
  testId,
  detail,
  link,
}: {
  icon: React.ReactNode
  label: string
  value: number
  testId: string
  detail?: React.ReactNode
  link?: { to: string; label: string }
}) {
  const format = useFormat()
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-4">
        <span className="rounded-md bg-primary/10 p-2 text-primary">{icon}</span>
        <div className="flex min-w-0 flex-col">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold" data-testid={testId}>
            {format.count(value)}
          </p>
          {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
          {link ? (
            <Link to={link.to} className="text-xs font-medium text-primary underline-offset-4 hover:underline">
              {link.label}
            </Link>
          ) : null}
        </div>
      </CardContent>
    </Card>
  )
}

const TABS = [
  { to: '/dashboard/products', key: 'products', Icon: Package },
  { to: '/dashboard/orders', key: 'orders', Icon: ShoppingCart },
  { to: '/dashboard/messages', key: 'messages', Icon: MessagesSquare },
  { to: '/dashboard/rfqs', key: 'rfqs', Icon: ClipboardList },
  { to: '/dashboard/buying', key: 'buying', Icon: ShoppingBag },
] as const

/** The child routes a buyer may open under /dashboard: their overview; every other tab is for sellers. */
const BUYER_PAGES = new Set(['routes/seller/overview', 'routes/seller/buying'])

/** A buyer's dashboard: the heading, Create RFQ, and their overview (the child route). */
function BuyerFrame({ name }: { name: string }) {
  const { t } = useTranslation('account')
  const leaf = useMatches().at(-1)?.id
  if (!leaf || !BUYER_PAGES.has(leaf)) return <SellerRequired />
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PageHeader
        title={t('buying.title')}
        description={t('dashboard.welcome', { name })}
        link={{ to: '/create-rfq', label: t('dashboard.createRfq'), icon: Plus }}
      />
      <Outlet />
    </div>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const { state, seller, stats, buyer } = loaderData
  const { pathname } = useLocation()

  if (state === 'buyer' && buyer) return <BuyerFrame name={buyer.name} />
  if (state !== 'seller' || !seller || !stats) return <SellerRequired />

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10">
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.welcome', { name: seller.name })}
        link={{ to: '/dashboard/products/new', label: t('dashboard.addProduct'), icon: PackagePlus }}
      />
      <KycStatusNotice status={seller.kycStatus} place="dashboard" />
      <section aria-label={t('dashboard.statsLabel')} className={cn('grid gap-3 sm:grid-cols-2', stats.buying ? 'lg:grid-cols-3' : 'lg:grid-cols-5')}>
        <Stat icon={<Package className="size-5" aria-hidden />} label={t('dashboard.totalProducts')} value={stats.totalProducts} testId="total-products" />
        <Stat icon={<PackageCheck className="size-5" aria-hidden />} label={t('dashboard.activeListings')} value={stats.activeListings} testId="active-listings" />
        <Stat icon={<Eye className="size-5" aria-hidden />} label={t('dashboard.productViews')} value={stats.productViews} testId="product-views" />
        <Stat
          icon={<ShoppingCart className="size-5" aria-hidden />}
          label={t('dashboard.pendingOrders')}
          value={stats.pendingOrders}
          testId="pending-orders"
          link={{ to: '/dashboard/orders', label: t('dashboard.viewOrders') }}
        />
        <Stat
          icon={<ClipboardList className="size-5" aria-hidden />}
          label={t('dashboard.rfqsAwaiting')}
          value={stats.rfqsAwaiting}
          testId="rfqs-awaiting"
          detail={<span data-testid="rfqs-awaiting-detail">{t('dashboard.rfqsAwaitingDetail', { board: stats.openRfqs, turn: stats.sellerTurn })}</span>}
          link={{ to: '/dashboard/rfqs', label: t('dashboard.viewBoard') }}
        />
        {stats.buying ? (
          <Stat
            icon={<FileText className="size-5" aria-hidden />}
            label={t('dashboard.quotesAwaiting')}
            value={stats.buying.awaitingQuotes}
            testId="quotes-awaiting"
            detail={t('dashboard.quotesAwaitingDetail')}
            link={{ to: '/rfqs', label: t('dashboard.viewRfqs') }}
          />
        ) : null}
      </section>
      <nav aria-label={t('dashboard.tabsLabel')} className="flex flex-wrap gap-1 border-b">
        {TABS.map(({ to, key, Icon }) => (
          <NavLink
            key={key}
            to={to}
            prefetch="intent"
            aria-current={to === '/dashboard/products' && pathname === '/dashboard' ? 'page' : undefined}
            className={({ isActive }) =>
              cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive || (to === '/dashboard/products' && pathname === '/dashboard') ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {t(`dashboard.tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  )
}
