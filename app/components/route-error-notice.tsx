import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link } from 'react-router'
import { Button } from '~/components/ui/button'

/**
 * What a page's ErrorBoundary shows: for a 404 the page's own "not found" title and text, for any
 * other error the generic one, and a single way on (`link`).
 */
export function RouteErrorNotice({
  error,
  notFound,
  link,
}: {
  error: unknown
  notFound: { title: string; description: string }
  link: { to: string; label: string }
}) {
  const { t } = useTranslation('common')
  const missing = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{missing ? notFound.title : t('error.title')}</h1>
      <p className="text-muted-foreground">{missing ? notFound.description : t('error.description')}</p>
      <Button asChild>
        <Link to={link.to}>{link.label}</Link>
      </Button>
    </div>
  )
}
