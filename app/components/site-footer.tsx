import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageLinks } from '~/components/language-switcher'
import type { Language } from '~/lib/i18n'

const COLUMNS = [
  {
    key: 'marketplace',
    links: [
      ['/marketplace', 'footer.links.marketplace'],
      ['/marketplace/new', 'footer.links.newListings'],
      ['/categories/all', 'footer.links.categories'],
      ['/register', 'footer.links.becomeSeller'],
    ],
  },
  {
    key: 'trade',
    links: [
      ['/trade-instructions', 'footer.links.tradeInstructions'],
      ['/trade-instructions/documentation', 'footer.links.documentation'],
      ['/trade-instructions/payment', 'footer.links.payment'],
      ['/logistics', 'footer.links.logistics'],
      ['/guides', 'footer.links.guides'],
    ],
  },
  {
    key: 'company',
    links: [
      ['/about', 'footer.links.about'],
      ['/contact', 'footer.links.contact'],
      ['/faq', 'footer.links.faq'],
    ],
  },
  {
    key: 'legal',
    links: [
      ['/terms', 'footer.links.terms'],
      ['/privacy', 'footer.links.privacy'],
    ],
  },
] as const

export function SiteFooter({ locale }: { locale: Language }) {
  const { t } = useTranslation('common')
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 border-t bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <p className="text-xl font-bold text-white">Setu</p>
          <p className="mt-2 text-sm text-slate-400">{t('footer.tagline')}</p>
          <p className="mt-4 flex items-center gap-2 text-sm" data-testid="trade-status">
            <span className="size-2 rounded-full bg-emerald-400" aria-hidden />
            {t('footer.tradeStatus')}
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.key} aria-label={t(`footer.columns.${col.key}`)}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t(`footer.columns.${col.key}`)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map(([href, key]) => (
                <li key={href}>
                  <Link to={href} className="text-slate-300 hover:text-white">
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-4 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center">
          <p>{t('footer.copyright', { year })}</p>
          <LanguageLinks locale={locale} tone="dark" />
        </div>
      </div>
    </footer>
  )
}
