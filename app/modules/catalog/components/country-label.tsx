import type { TradingCountry } from '~/domain'
import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/utils'

/** Small inline flags: emoji flags do not render on Windows and on many Linux desktops. */
function Flag({ country }: { country: TradingCountry }) {
  if (country === 'Russia') {
    return (
      <svg viewBox="0 0 9 6" className="h-3 w-[1.125rem] shrink-0 rounded-[2px] ring-1 ring-black/10" aria-hidden>
        <rect width="9" height="2" fill="#fff" />
        <rect y="2" width="9" height="2" fill="#0039a6" />
        <rect y="4" width="9" height="2" fill="#d52b1e" />
      </svg>
    )
  }
  return (
    <svg viewBox="0 0 9 6" className="h-3 w-[1.125rem] shrink-0 rounded-[2px] ring-1 ring-black/10" aria-hidden>
      <rect width="9" height="2" fill="#ff9933" />
      <rect y="2" width="9" height="2" fill="#fff" />
      <rect y="4" width="9" height="2" fill="#138808" />
      <circle cx="4.5" cy="3" r="0.75" fill="none" stroke="#000080" strokeWidth="0.2" />
    </svg>
  )
}

/** Flag and translated country name. */
export function CountryLabel({ country, className }: { country: TradingCountry; className?: string }) {
  const { t } = useTranslation('catalog')
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <Flag country={country} />
      {t(`countries.${country}`)}
    </span>
  )
}
