import { ChevronDown, Menu, Search, X } from 'lucide-react'
import { lazy, Suspense, use, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink, useLocation, useSearchParams } from 'react-router'
import { LanguageLinks, LanguageMenu } from '~/components/language-switcher'
import { Button } from '~/components/ui/button'
import { DeferredDropdownMenu } from '~/components/deferred-dropdown-menu'
import type * as AccountModuleExports from '~/components/site-header-account'
import { Input } from '~/components/ui/input'
import { navEntries, SITE_NAV } from '~/components/site-nav'
import type { Language } from '~/lib/i18n'
import { cn } from '~/lib/utils'
import type { HeaderUser } from '~/components/site-nav'

// The currency menu (issue 28): rendered by the server, its code loaded after the page (the 150 kB budget).
const CurrencyMenu = lazy(() => import('~/components/currency-switcher').then((m) => ({ default: m.CurrencyMenu })))

type AccountModule = typeof AccountModuleExports
let account: AccountModule | null = null
let accountLoad: Promise<AccountModule | null> | undefined
/** Loads the signed-in part of the header once; the server loads it at start, so its renders never wait. */
function loadAccount() {
  accountLoad ??= import('~/components/site-header-account').then(
    (loaded) => (account = loaded),
    // Offline or a new deployment: nothing this time, and the next render tries again.
    () => ((accountLoad = undefined), null),
  )
  return accountLoad
}
if (import.meta.env.SSR) void loadAccount()

/**
 * Renders with the signed-in part of the header (site-header-account.tsx), which only a page with a
 * user loads (issue #11: an anonymous visitor's page carries about 1 kB less). While a signed-in page
 * hydrates, the boundary keeps the server's markup until the module is there; after a client-side
 * sign-in, the account controls appear a moment after the rest of the header.
 */
function Account({ render }: { render: (module: AccountModule) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <AccountPart render={render} />
    </Suspense>
  )
}

function AccountPart({ render }: { render: (module: AccountModule) => ReactNode }) {
  const loaded = account ?? use(loadAccount())
  return loaded ? render(loaded) : null
}

export const HEADER_CATEGORIES = ['wellness', 'gems-jewelry', 'agriculture'] as const

function SearchForm({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation('common')
  const [params] = useSearchParams()
  const location = useLocation()
  const current = location.pathname.startsWith('/marketplace') ? (params.get('q') ?? '') : ''
  return (
    <Form method="get" action="/marketplace" role="search" className={cn('flex items-center gap-1', className)}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Input id={id} name="q" type="search" defaultValue={current} maxLength={200} placeholder={t('search.placeholder')} className="h-9" />
      <Button type="submit" variant="ghost" size="icon" aria-label={t('search.submit')}>
        <Search aria-hidden />
      </Button>
    </Form>
  )
}

export function SiteHeader({
  user,
  locale,
  unreadNotifications = 0,
  unreadMessages = 0,
  messageCursor = 0,
}: {
  user: HeaderUser | null
  locale: Language
  unreadNotifications?: number
  unreadMessages?: number
  /** The newest message seq when the page was loaded: where the live stream starts. */
  messageCursor?: number
}) {
  const { t } = useTranslation('common')
  const [mobileOpen, setMobileOpen] = useState(false)
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-accent', isActive && 'text-primary')

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex items-center gap-2 text-xl font-bold text-primary">
          <img src="/favicon.svg" alt="" className="size-7" />
          Setu
        </Link>
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 lg:flex">
          <DeferredDropdownMenu
            align="start"
            trigger={
              <Button variant="ghost" size={null} className="min-h-10 px-3 py-2 text-sm">
                {t('nav.categories')} <ChevronDown aria-hidden />
              </Button>
            }
            content={({ DropdownMenuItem, DropdownMenuSeparator }) => (
              <>
                {HEADER_CATEGORIES.map((id) => (
                  <DropdownMenuItem key={id} asChild>
                    <Link to={`/categories/${id}`}>{t(`categories.${id}`)}</Link>
                  </DropdownMenuItem>
                ))}
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <Link to="/categories/all">{t('nav.viewAll')}</Link>
                </DropdownMenuItem>
              </>
            )}
          />
          {navEntries(SITE_NAV, user, 'everyone', 'user').map(([href, label]) => (
            <NavLink key={href} to={href} className={navClass}>
              {t(label)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <SearchForm id="header-search" className="max-md:hidden" />
          <LanguageMenu locale={locale} />
          <Suspense fallback={null}>
            <CurrencyMenu />
          </Suspense>
          {user ? (
            <Account
              render={(account) => (
                <account.AccountControls
                  user={user}
                  unreadNotifications={unreadNotifications}
                  unreadMessages={unreadMessages}
                  messageCursor={messageCursor}
                />
              )}
            />
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              {navEntries(SITE_NAV, user, 'guest').map(([href, label, , primary]) => (
                <Button key={href} asChild variant={primary ? 'default' : 'ghost'} size="sm">
                  <Link to={href}>{t(label)}</Link>
                </Button>
              ))}
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {mobileOpen ? (
        <div id="mobile-menu" className="border-t bg-background lg:hidden">
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- only catches clicks bubbling up from the links, which keyboards activate themselves */}
          <nav aria-label={t('nav.mobile')} className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3" onClick={(e) => {
            if ((e.target as HTMLElement).closest('a')) setMobileOpen(false)
          }}>
            <SearchForm id="mobile-search" className="mb-2" />
            <p className="px-3 pt-2 text-xs font-semibold uppercase text-muted-foreground">{t('nav.categories')}</p>
            {HEADER_CATEGORIES.map((id) => (
              <NavLink key={id} to={`/categories/${id}`} className={navClass}>
                {t(`categories.${id}`)}
              </NavLink>
            ))}
            <NavLink to="/categories/all" className={navClass}>
              {t('nav.viewAll')}
            </NavLink>
            {/* A visitor's sign-in links come last, where a signed-in user's account links are. */}
            {navEntries(SITE_NAV, user, 'everyone', 'guest').map(([href, label]) => (
              <NavLink key={href} to={href} className={navClass}>
                {t(label)}
              </NavLink>
            ))}
            {user ? <Account render={(account) => <account.AccountMobileLinks user={user} navClass={navClass} />} /> : null}
            <LanguageLinks locale={locale} className="px-3 pt-2" />
          </nav>
        </div>
      ) : null}
    </header>
  )
}
