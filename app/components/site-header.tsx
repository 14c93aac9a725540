import { Bell, ChevronDown, LogOut, Menu, MessageSquare, Search, User, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink, useLocation, useSearchParams, useSubmit } from 'react-router'
import { LanguageLinks, LanguageMenu } from '~/components/language-switcher'
import { Button } from '~/components/ui/button'
import { useDeferredModule } from '~/components/use-deferred-module'
import { DeferredDropdownMenu } from '~/components/deferred-dropdown-menu'
import { Input } from '~/components/ui/input'
import type { Language } from '~/lib/i18n'
import { cn } from '~/lib/utils'
import type { CurrentUser } from '~/modules/accounts/session.server'

const loadLiveEvents = () => import('~/lib/live-events')

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

/** The bell: a link to /notifications whose label says how many are unread; the number shows as a badge. */
function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation('notifications')
  const label = unread > 0 ? t('unreadCount', { count: unread }) : t('bell')
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/notifications" aria-label={label} title={label} data-testid="notification-bell">
        <Bell aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  )
}

/**
 * A link to /messages whose label says how many messages are unread; the badge follows the live
 * stream's `unread` events (ADR 011), and this link keeps the tab's one stream open on every page.
 */
function MessagesLink({ unread: loaded, cursor }: { unread: number; cursor: number }) {
  const { t } = useTranslation('notifications')
  const [unread, setUnread] = useState(loaded)
  // A page load or revalidation brings a fresh count from the root loader.
  useEffect(() => setUnread(loaded), [loaded])
  // The stream's code loads after hydration (only signed-in pages have this link; issue #11).
  const live = useDeferredModule(loadLiveEvents)
  useEffect(() => {
    if (!live) return
    return live.subscribeToLiveEvents(cursor, (event) => {
      if (event.type === 'unread') setUnread(event.count)
    })
    // `cursor` only matters to the tab's first listener (useLiveEvents): a later value must not reopen the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live])
  const label = unread > 0 ? t('messagesLive.unreadCount', { count: unread }) : t('messagesLive.link')
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/messages" aria-label={label} title={label} data-testid="messages-link">
        <MessageSquare aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="messages-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  )
}

export function SiteHeader({
  user,
  locale,
  unreadNotifications = 0,
  unreadMessages = 0,
  messageCursor = 0,
}: {
  user: CurrentUser | null
  locale: Language
  unreadNotifications?: number
  unreadMessages?: number
  /** The newest message seq when the page was loaded: where the live stream starts. */
  messageCursor?: number
}) {
  const { t } = useTranslation('common')
  const [mobileOpen, setMobileOpen] = useState(false)
  const submit = useSubmit()
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
          <NavLink to="/marketplace" className={navClass}>
            {t('nav.marketplace')}
          </NavLink>
          <NavLink to="/trade-instructions" className={navClass}>
            {t('nav.tradeInstructions')}
          </NavLink>
          <NavLink to="/about" className={navClass}>
            {t('nav.about')}
          </NavLink>
          {user ? (
            <NavLink to="/create-rfq" className={navClass}>
              {t('nav.createRfq')}
            </NavLink>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <SearchForm id="header-search" className="max-md:hidden" />
          <LanguageMenu locale={locale} />
          {user?.profile ? <MessagesLink unread={unreadMessages} cursor={messageCursor} /> : null}
          {user?.profile ? <NotificationBell unread={unreadNotifications} /> : null}
          {user ? (
            <DeferredDropdownMenu
              align="end"
              trigger={
                <Button variant="outline" size="sm" className="max-lg:hidden" data-testid="user-menu">
                  <User aria-hidden />
                  <span className="max-w-48 truncate">{user.email}</span>
                </Button>
              }
              content={({ DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
                <>
                  <DropdownMenuLabel className="truncate font-normal text-muted-foreground">{user.email}</DropdownMenuLabel>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem asChild>
                    <Link to="/profile">{t('nav.profile')}</Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link to="/dashboard">{t('nav.dashboard')}</Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link to="/create-rfq">{t('nav.createRfq')}</Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link to="/rfqs">{t('nav.myRfqs')}</Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link to="/orders">{t('nav.myOrders')}</Link>
                  </DropdownMenuItem>
                  {user.profile ? (
                    <>
                      <DropdownMenuItem asChild>
                        <Link to="/messages">{t('notifications:messagesLive.link')}</Link>
                      </DropdownMenuItem>
                      <DropdownMenuItem asChild>
                        <Link to="/notifications">{t('notifications:bell')}</Link>
                      </DropdownMenuItem>
                    </>
                  ) : null}
                  <DropdownMenuSeparator />
                  {/* The menu unmounts as soon as an item is chosen, which would cancel a native form
                      submit; submitting through the router does not depend on the menu staying open. */}
                  <DropdownMenuItem onSelect={() => void submit(null, { method: 'post', action: '/logout' })}>
                    <LogOut aria-hidden className="size-4" />
                    {t('nav.signOut')}
                  </DropdownMenuItem>
                </>
              )}
            />
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t('nav.login')}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">{t('nav.register')}</Link>
              </Button>
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
            <NavLink to="/marketplace" className={navClass}>
              {t('nav.marketplace')}
            </NavLink>
            <NavLink to="/trade-instructions" className={navClass}>
              {t('nav.tradeInstructions')}
            </NavLink>
            <NavLink to="/about" className={navClass}>
              {t('nav.about')}
            </NavLink>
            {user ? (
              <>
                <p className="truncate px-3 pt-2 text-sm text-muted-foreground">{user.email}</p>
                <NavLink to="/create-rfq" className={navClass}>
                  {t('nav.createRfq')}
                </NavLink>
                <NavLink to="/rfqs" className={navClass}>
                  {t('nav.myRfqs')}
                </NavLink>
                <NavLink to="/orders" className={navClass}>
                  {t('nav.myOrders')}
                </NavLink>
                {user.profile ? (
                  <>
                    <NavLink to="/messages" className={navClass}>
                      {t('notifications:messagesLive.link')}
                    </NavLink>
                    <NavLink to="/notifications" className={navClass}>
                      {t('notifications:bell')}
                    </NavLink>
                  </>
                ) : null}
                <NavLink to="/profile" className={navClass}>
                  {t('nav.profile')}
                </NavLink>
                <NavLink to="/dashboard" className={navClass}>
                  {t('nav.dashboard')}
                </NavLink>
                <Form method="post" action="/logout">
                  <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-accent">
                    {t('nav.signOut')}
                  </button>
                </Form>
              </>
            ) : (
              <>
                <NavLink to="/login" className={navClass}>
                  {t('nav.login')}
                </NavLink>
                <NavLink to="/register" className={navClass}>
                  {t('nav.register')}
                </NavLink>
              </>
            )}
            <LanguageLinks locale={locale} className="px-3 pt-2" />
          </nav>
        </div>
      ) : null}
    </header>
  )
}
