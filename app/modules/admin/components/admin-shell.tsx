import { ArrowLeftRight, BarChart3, FileCheck, FileClock, Flag, LayoutDashboard, LogOut, Scale, ShieldAlert, ShieldCheck, UserCog, Users } from 'lucide-react'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink, useNavigation } from 'react-router'
import { LanguageMenu } from '~/components/language-switcher'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import type { Language } from '~/lib/i18n'
import { cn } from '~/lib/utils'
import type { Permission } from '../permissions'
import type { AdminRole } from '~/domain'

/** The admin as the panel header shows them (no auth internals). */
export type AdminHeaderDto = { fullName: string; email: string; role: AdminRole; permissions: Permission[] }

type MenuItem = { to: string; key: string; permission: Permission | null; icon: React.ComponentType<{ className?: string }> }

// Spec §2 menu. Only sections whose page exists are listed (User Management, Dispute Resolution,
// Analytics and Moderation join as they are built); each is shown with the permission its loader checks.
const MENU: MenuItem[] = [
  { to: '/admin/dashboard', key: 'menu.overview', permission: null, icon: LayoutDashboard },
  { to: '/admin/users', key: 'menu.users', permission: 'user:read', icon: Users },
  { to: '/admin/kyc', key: 'menu.kyc', permission: 'kyc:review', icon: FileCheck },
  { to: '/admin/disputes', key: 'menu.disputes', permission: 'dispute:resolve', icon: Scale },
  { to: '/admin/audit', key: 'menu.audit', permission: 'audit:read', icon: FileClock },
  { to: '/admin/moderation', key: 'menu.moderation', permission: 'moderation:review', icon: Flag },
  { to: '/admin/analytics', key: 'menu.analytics', permission: 'analytics:read', icon: BarChart3 },
  { to: '/admin/rates', key: 'menu.rates', permission: 'rates:manage', icon: ArrowLeftRight },
  { to: '/admin/admins', key: 'menu.admins', permission: 'admin:manage', icon: UserCog },
]

/** The admin panel frame: header (title, full name, role badge, Logout) and the permission-filtered menu. */
export function AdminShell({ admin, locale, children }: { admin: AdminHeaderDto; locale: Language; children: React.ReactNode }) {
  const { t } = useTranslation('admin')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === '/admin/logout'
  const items = MENU.filter((item) => !item.permission || admin.permissions.includes(item.permission))
  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <ShieldAlert className="size-5 text-primary" aria-hidden />
            {t('panel.title')}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium" data-testid="admin-name">
              {admin.fullName}
            </span>
            <Badge variant={admin.role === 'super_admin' ? 'default' : 'secondary'} data-testid="admin-role">
              {t(`roles.${admin.role}`)}
            </Badge>
            <Link
              to="/admin/security"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="admin-security-link"
            >
              <ShieldCheck className="size-4" aria-hidden />
              {t('panel.security')}
            </Link>
            <LanguageMenu locale={locale} />
            <Form method="post" action="/admin/logout">
              <Button type="submit" variant="outline" size="sm" disabled={busy} aria-disabled={busy}>
                <LogOut className="size-4" aria-hidden />
                {busy ? t('panel.loggingOut') : t('panel.logout')}
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label={t('panel.menu')} className="md:w-56 md:shrink-0">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                      isActive && 'bg-primary/10 text-primary',
                    )
                  }
                >
                  <item.icon className="size-4" aria-hidden />
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  )
}

/** Spec §2 guard: shown (with 403) when the admin lacks the page's permission. */
export function AdminAccessDenied() {
  const { t } = useTranslation('admin')
  return (
    <section data-testid="admin-access-denied" className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('denied.title')}</h1>
      <p className="text-muted-foreground">{t('denied.description')}</p>
    </section>
  )
}
