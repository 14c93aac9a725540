import { Globe } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { DeferredDropdownMenu } from '~/components/deferred-dropdown-menu'
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type Language } from '~/lib/i18n'
import { cn } from '~/lib/utils'

/** Same page with ?lng= set; the server stores the choice in a cookie. */
export function useLanguageHref() {
  const location = useLocation()
  return (lng: Language) => {
    const params = new URLSearchParams(location.search)
    params.set('lng', lng)
    return `${location.pathname}?${params.toString()}${location.hash}`
  }
}

export function LanguageMenu({ locale }: { locale: Language }) {
  const { t } = useTranslation('common')
  const hrefFor = useLanguageHref()
  return (
    <DeferredDropdownMenu
      align="end"
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('language.choose')} data-testid="language-menu">
          <Globe aria-hidden />
        </Button>
      }
      content={({ DropdownMenuItem, DropdownMenuLabel }) => (
        <>
          <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
          {SUPPORTED_LANGUAGES.map((lng) => (
            <DropdownMenuItem key={lng} asChild>
              <Link to={hrefFor(lng)} reloadDocument lang={lng} hrefLang={lng} aria-current={lng === locale ? 'true' : undefined}>
                <span className={cn(lng === locale && 'font-semibold')}>{LANGUAGE_NAMES[lng]}</span>
              </Link>
            </DropdownMenuItem>
          ))}
        </>
      )}
    />
  )
}

/** The languages as plain links; `tone="dark"` for the dark footer, where the brand orange is too dim. */
export function LanguageLinks({ locale, className, tone = 'light' }: { locale: Language; className?: string; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation('common')
  const hrefFor = useLanguageHref()
  return (
    <nav aria-label={t('language.label')} className={cn('flex flex-wrap gap-2', className)}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <Link
          key={lng}
          to={hrefFor(lng)}
          reloadDocument
          lang={lng}
          hrefLang={lng}
          aria-current={lng === locale ? 'true' : undefined}
          className={cn(
            'rounded-md border px-3 py-1 text-sm',
            tone === 'dark' ? 'hover:bg-slate-800 hover:text-white' : 'hover:bg-accent',
            lng !== locale && 'border-slate-600',
            lng === locale && (tone === 'dark' ? 'border-orange-300 font-semibold text-orange-200' : 'border-primary font-semibold text-primary'),
          )}
        >
          {LANGUAGE_NAMES[lng]}
        </Link>
      ))}
    </nav>
  )
}
