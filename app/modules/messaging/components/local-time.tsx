import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { INTL_LOCALES, type Language } from '~/lib/i18n'

function format(iso: string, lng: string, timeZone?: string) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const intl = INTL_LOCALES[lng as Language] ?? 'en-IN'
  // dateStyle cannot be combined with timeZoneName: the server's UTC rendering names its zone by hand.
  const text = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date)
  return timeZone ? `${text} UTC` : text
}

/**
 * A time in the reader's language and time zone. The server does not know the zone, so it renders UTC
 * (saying so) and the browser re-formats after hydration; the first client render matches the server's.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useTranslation()
  const lng = i18n.language ?? 'en'
  const [text, setText] = useState(() => format(iso, lng, 'UTC'))
  useEffect(() => setText(format(iso, lng)), [iso, lng])
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {text}
    </time>
  )
}
