/** What the header knows of the signed-in person (a component imports no module, ADR 027): the email, and whether a profile exists yet. */
export type HeaderUser = { email: string; profile: object | null }

/** Who sees a nav entry: everyone, only visitors, only someone signed in, or only a user with a profile. */
export type NavAudience = 'everyone' | 'guest' | 'user' | 'profile'

/**
 * One link of the header's menus: where it goes, its i18n key (in `common` unless it names its
 * namespace), who sees it (everyone when not given) and whether it is the call to action among the
 * visitor's buttons. A tuple, as the footer's links are: the list is on every page (issue #11).
 */
export type NavEntry = readonly [href: string, label: string, audience?: NavAudience, primary?: true]

/**
 * The header's own links, in order: the desktop bar and the mobile menu render from this list. The
 * signed-in user's menu has its list beside it (ACCOUNT_NAV in site-header-account.tsx), in the chunk
 * only a signed-in page loads (issue #11).
 */
export const SITE_NAV: readonly NavEntry[] = [
  ['/marketplace', 'nav.marketplace'],
  ['/trade-instructions', 'nav.tradeInstructions'],
  ['/about', 'nav.about'],
  ['/create-rfq', 'nav.createRfq', 'user'],
  ['/login', 'nav.login', 'guest'],
  ['/register', 'nav.register', 'guest', true],
]

/** The entries of `entries` for `audiences` that `user` may see. */
export function navEntries(entries: readonly NavEntry[], user: HeaderUser | null, ...audiences: NavAudience[]): NavEntry[] {
  const sees: Record<NavAudience, boolean> = { everyone: true, guest: !user, user: !!user, profile: !!user?.profile }
  return entries.filter(([, , audience = 'everyone']) => sees[audience] && audiences.includes(audience))
}
