import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router'
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '~/lib/i18n'
import { AdminAccessDenied, AdminShell, type AdminHeaderDto } from './admin-shell'

function isDenied(value: unknown): value is { adminAccessDenied: true; admin: AdminHeaderDto } {
  return Boolean(value && typeof value === 'object' && (value as { adminAccessDenied?: unknown }).adminAccessDenied === true)
}

/** Error boundary of the admin pages: the 'Access Denied' page inside the panel for a 403, a plain error page otherwise. */
export function AdminErrorBoundary() {
  const error = useRouteError()
  const { t, i18n } = useTranslation('common')
  const root = useRouteLoaderData('root') as { locale?: string } | undefined
  const locale: Language = isLanguage(root?.locale) ? root.locale : isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE
  if (isRouteErrorResponse(error) && error.status === 403 && isDenied(error.data)) {
    return (
      <AdminShell admin={error.data.admin} locale={locale}>
        <title>{`${t('admin:denied.title')} | Setu`}</title>
        <AdminAccessDenied />
      </AdminShell>
    )
  }
  const status = isRouteErrorResponse(error) ? error.status : 500
  const kind = status === 404 ? 'notFound' : status === 503 ? 'unavailable' : 'error'
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <title>{`${t(`${kind}.title`)} | Setu`}</title>
      <h1 className="text-3xl font-bold">{t(`${kind}.title`)}</h1>
      <p className="text-muted-foreground">{t(`${kind}.description`)}</p>
      <Link to="/admin/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('admin:denied.back')}
      </Link>
    </main>
  )
}
