import { lazy, Suspense, use, useEffect, useLayoutEffect } from 'react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import appCss from './app.css?url'
import { AppStylesheet } from '~/components/app-stylesheet'
import { DeferredScripts } from '~/components/deferred-scripts'
import type * as FooterModuleExports from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { useNonce, ZOD_JITLESS_SCRIPT } from '~/lib/csp'
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, NAMESPACES, readerOf, type I18nHandle, type Language } from '~/lib/i18n'
import { getLocale, i18nextMiddleware, localeCookie, serializeLocaleCookie } from '~/lib/i18next.server'
import { ensureBootstrapped } from '~/startup.server'
import { getToast } from '~/lib/toast.server'
import { csrfMiddleware } from '~/lib/csrf.server'
import { databaseMiddleware } from '~/lib/db-health.server'
import { limitHeadersMiddleware } from '~/lib/rate-limit.server'
import { requestMemoMiddleware } from '~/lib/request-memo.server'
import { restoreTypedInput } from '~/lib/typed-before-hydration'
import { getCurrentUser, sessionRefreshMiddleware, writeBurstMiddleware } from '~/modules/accounts/index.server'
import { countUnreadMessages, currentMessageCursor } from '~/modules/messaging/index.server'
import { countUnreadNotifications } from '~/modules/notifications/index.server'
import { requestReaderRates } from '~/modules/rates/index.server'

// Only a signed-in user without a profile sees this form: its code, with the profile schemas (zod),
// loads then instead of on every public page (issue #11, less JavaScript).
// Loaded only on a page that has a toast to show (issue #11: its icons and code were in every page's JavaScript).
const Toaster = lazy(() => import('~/components/toaster').then((m) => ({ default: m.Toaster })))
const CompleteProfileForm = lazy(() => import('~/modules/accounts/components/complete-profile-form').then((m) => ({ default: m.CompleteProfileForm })))

type FooterModule = typeof FooterModuleExports
let footer: FooterModule | null = null
let footerLoad: Promise<FooterModule | null> | undefined
/**
 * The footer's code (links and text only, nothing to paint or hydrate for) loads after the page (issue
 * #11: at most 150 kB of JavaScript per public page): the server loads it at start and renders it, and
 * while the page hydrates the boundary keeps the server's footer until the code is there.
 */
function loadFooter() {
  footerLoad ??= import('~/components/site-footer').then(
    (loaded) => (footer = loaded),
    // Offline or a new deployment: the server's footer stays, and the next render tries again.
    () => ((footerLoad = undefined), null),
  )
  return footerLoad
}
if (import.meta.env.SSR) void loadFooter()

function FooterPart({ locale }: { locale: Language }) {
  const loaded = footer ?? use(loadFooter())
  return loaded ? <loaded.SiteFooter locale={locale} /> : null
}

function SiteFooter({ locale }: { locale: Language }) {
  return (
    <Suspense fallback={null}>
      <FooterPart locale={locale} />
    </Suspense>
  )
}

// The production server opens the database before listening; under `react-router dev` this does it.
const startupMiddleware: Route.MiddlewareFunction = async (_args, next) => {
  await ensureBootstrapped()
  return next()
}

// The database guard comes after i18n (its 503 page is translated) and before anything that reads the database.
/** The translations every page renders with (the header's), loaded before it hydrates (app/entry.client.tsx). */
export const handle: I18nHandle = { i18n: ['notifications', 'messages'] }

/**
 * A page hydrates with only the translations its routes name (app/entry.client.tsx); before a
 * client-side navigation or fetcher call renders anything, every namespace is there, as it was when
 * the browser loaded them all up front. Immediate once they are loaded.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await i18next.loadNamespaces(NAMESPACES as unknown as string[])
    return next()
  },
]

export const middleware: Route.MiddlewareFunction[] = [
  startupMiddleware,
  i18nextMiddleware,
  ...databaseMiddleware,
  csrfMiddleware,
  requestMemoMiddleware,
  sessionRefreshMiddleware,
  // Retry-After on every answer refused by an action limit (app/lib/action-limits.ts), then the burst limit on writes.
  limitHeadersMiddleware,
  writeBurstMiddleware,
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as 'en' | 'ru' | 'hi'
  const [user, { toast, headers: toastHeaders }] = await Promise.all([getCurrentUser(request), getToast(request)])
  // The header's badges: one count on the partial index of unread notices, one over the user's conversations.
  // The live stream (ADR 011) starts after the newest message this page could have shown.
  const [unreadNotifications, unreadMessages, messageCursor] = user?.profile
    ? await Promise.all([countUnreadNotifications(user.profile.id), countUnreadMessages(user.profile.id), currentMessageCursor()])
    : [0, 0, 0]
  const headers = new Headers(toastHeaders)
  // Only when it changes: a page that sets no cookie can be shared by the public page cache (ADR 016).
  if ((await localeCookie.parse(request.headers.get('Cookie'))) !== locale) headers.append('Set-Cookie', await serializeLocaleCookie(locale))
  // Numbers are grouped for the reader's region (lib/reader.ts): the profile's country, else the language's.
  const reader = readerOf(locale, user?.profile?.country)
  // Amounts in other currencies are shown in the reader's too (issue 28 item 4): the profile's choice,
  // else the visitor's cookie or language (the public page cache keys on the same, lib/reader-currency.ts).
  const rates = await requestReaderRates(request, locale)
  return data({ locale, reader, rates, user, toast, unreadNotifications, unreadMessages, messageCursor }, { headers })
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const { i18n } = useTranslation()
  const lang = rootData?.locale ?? i18n.language ?? 'en'
  const nonce = useNonce()
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        {/* A style resource: React writes it at the top of <head>, before the route modules' modulepreload
            links. Production pages carry the CSS inline; dev links it (Lighthouse, issue #11). */}
        <AppStylesheet href={appCss} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, user, toast, unreadNotifications, unreadMessages, messageCursor } = loaderData
  const { i18n } = useTranslation()
  const { pathname } = useLocation()
  // Spec §2 Profile completion: a signed-in user without a profile sees the setup form on every page.
  const needsProfile = Boolean(user && !user.profile) && !/^\/(logout|api\/|complete-profile)/.test(pathname)
  // Once hydrated (this runs once, after every field of the page has hydrated): what was typed or
  // chosen before is kept, and every form's state takes it up (issue 26 item 5).
  useLayoutEffect(() => restoreTypedInput(), [])
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale)
    // Spec §9: the choice is cached in local storage as well as the cookie.
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
    } catch {
      // storage disabled
    }
  }, [locale, i18n])
  // The admin panel (ADR 012) has its own frame and its own identity: no marketplace header or footer.
  return (
    <>
      {/^\/admin(?:\/|$)/.test(pathname) ? (
        <Outlet />
      ) : (
        <>
          <SiteHeader user={user} locale={locale} unreadNotifications={unreadNotifications} unreadMessages={unreadMessages} messageCursor={messageCursor} />
          <main id="main" className="flex-1">
            {needsProfile && user ? (
              <Suspense fallback={null}>
                <CompleteProfileForm email={user.email} />
              </Suspense>
            ) : (
              <Outlet />
            )}
          </main>
          <SiteFooter locale={locale} />
        </>
      )}
      {toast ? (
        <Suspense fallback={null}>
          <Toaster toast={toast} />
        </Suspense>
      ) : null}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, i18n } = useTranslation('common')
  // Missing when the root loader failed or never ran (a middleware threw, e.g. the database 503).
  const rootData = useRouteLoaderData<typeof loader>('root')
  const locale = rootData?.locale ?? (isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE)
  const status = isRouteErrorResponse(error) ? error.status : 500
  const kind = status === 404 ? 'notFound' : status === 503 ? 'unavailable' : status === 429 ? 'tooMany' : 'error'
  const title = t(`${kind}.title`)
  return (
    <>
      {/* The root has no meta export and the failed route's meta does not run: React hoists these into <head>. */}
      <title>{`${title} | Setu`}</title>
      <meta name="robots" content="noindex" />
      <SiteHeader
        user={rootData?.user ?? null}
        locale={locale}
        unreadNotifications={rootData?.unreadNotifications ?? 0}
        unreadMessages={rootData?.unreadMessages ?? 0}
        messageCursor={rootData?.messageCursor ?? 0}
      />
      <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{t(`${kind}.description`)}</p>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('notFound.home')}
        </Link>
      </main>
      <SiteFooter locale={locale} />
    </>
  )
}
