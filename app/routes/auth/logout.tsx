import { LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/logout'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { seoMeta } from '~/lib/seo'
import { redirectWithToast } from '~/lib/toast.server'
import { authPageMeta, getCurrentUser, signOut } from '~/modules/accounts/index.server'
import { AuthCard } from '~/modules/accounts'

// Signing out changes state, so it only happens on POST; a GET shows a confirmation (or goes home).
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getCurrentUser(request))) throw redirect('/')
  return authPageMeta(request, context, 'logout')
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/logout', locale: loaderData.locale, noindex: true })
    : []

export async function action({ request }: Route.ActionArgs) {
  let headers: Headers
  try {
    headers = await signOut(request)
  } catch (err) {
    console.error('[setu] sign-out failed', err)
    return redirectWithToast(request, '/', { type: 'error', key: 'errors:auth.signOutFailed' })
  }
  return redirectWithToast(request, '/', { type: 'success', key: 'auth:signedOut' }, { headers })
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === '/logout'
  return (
    <AuthCard icon={<LogOut className="size-6" aria-hidden />} title={loaderData.title} description={loaderData.description}>
      <Form method="post" action="/logout" className="flex flex-wrap justify-center gap-3">
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? <Spinner label={t('logout.submitting')} className="size-4" /> : t('logout.submit')}
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t('logout.cancel')}</Link>
        </Button>
      </Form>
    </AuthCard>
  )
}
