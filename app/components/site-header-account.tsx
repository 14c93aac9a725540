import { Bell, LogOut, MessageSquare, User } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink, useSubmit } from 'react-router'
import { DeferredDropdownMenu } from '~/components/deferred-dropdown-menu'
import { navEntries, type NavEntry } from '~/components/site-nav'
import { Button } from '~/components/ui/button'
import { useDeferredModule } from '~/components/use-deferred-module'
import type { HeaderUser } from '~/components/site-nav'

// What the header shows only to someone signed in: the messages link with its live count, the bell,
// the account menu and the account links of the mobile menu. Loaded only when there is a user
// (site-header.tsx, Account), so an anonymous visitor's page does not carry it (issue #11).

/** The signed-in user's links, in order: the account menu and the mobile menu render from this list. */
const ACCOUNT_NAV: readonly NavEntry[] = [
  ['/create-rfq', 'nav.createRfq', 'user'],
  ['/rfqs', 'nav.myRfqs', 'user'],
  ['/orders', 'nav.myOrders', 'user'],
  ['/messages', 'notifications:messagesLive.link', 'profile'],
  ['/notifications', 'notifications:bell', 'profile'],
  ['/profile', 'nav.profile', 'user'],
  ['/dashboard', 'nav.dashboard', 'user'],
]

const loadLiveEvents = () => import('~/lib/live-events')

/** An icon link whose label says how many are unread; the number shows as a badge (99+ above 99). */
function CountLink({
  to,
  label,
  count,
  icon,
  testId,
  badgeTestId,
}: {
  to: string
  label: string
  count: number
  icon: ReactNode
  testId: string
  badgeTestId: string
}) {
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to={to} aria-label={label} title={label} data-testid={testId}>
        {icon}
        {count > 0 ? (
          <span
            aria-hidden
            data-testid={badgeTestId}
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </Button>
  )
}

/** The bell: a link to /notifications. */
function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation('notifications')
  const label = unread > 0 ? t('unreadCount', { count: unread }) : t('bell')
  return <CountLink to="/notifications" label={label} count={unread} icon={<Bell aria-hidden />} testId="notification-bell" badgeTestId="notification-badge" />
}

/**
 * A link to /messages; the badge follows the live stream's `unread` events (ADR 011), and this link
 * keeps the tab's one stream open on every page.
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
  return <CountLink to="/messages" label={label} count={unread} icon={<MessageSquare aria-hidden />} testId="messages-link" badgeTestId="messages-badge" />
}

/** The signed-in part of the header's bar: messages, notifications and the account menu. */
export function AccountControls({
  user,
  unreadNotifications,
  unreadMessages,
  messageCursor,
}: {
  user: HeaderUser
  unreadNotifications: number
  unreadMessages: number
  /** The newest message seq when the page was loaded: where the live stream starts. */
  messageCursor: number
}) {
  const { t } = useTranslation('common')
  const submit = useSubmit()
  return (
    <>
      {user.profile ? <MessagesLink unread={unreadMessages} cursor={messageCursor} /> : null}
      {user.profile ? <NotificationBell unread={unreadNotifications} /> : null}
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
            {navEntries(ACCOUNT_NAV, user, 'user', 'profile').map(([href, label]) => (
              <DropdownMenuItem key={href} asChild>
                <Link to={href}>{t(label)}</Link>
              </DropdownMenuItem>
            ))}
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
    </>
  )
}

/** The signed-in links of the mobile menu. */
export function AccountMobileLinks({ user, navClass }: { user: HeaderUser; navClass: (state: { isActive: boolean }) => string }) {
  const { t } = useTranslation('common')
  return (
    <>
      <p className="truncate px-3 pt-2 text-sm text-muted-foreground">{user.email}</p>
      {navEntries(ACCOUNT_NAV, user, 'user', 'profile').map(([href, label]) => (
        <NavLink key={href} to={href} className={navClass}>
          {t(label)}
        </NavLink>
      ))}
      <Form method="post" action="/logout">
        <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-accent">
          {t('nav.signOut')}
        </button>
      </Form>
    </>
  )
}
