import { useFormat } from '~/lib/use-format'

/**
 * A moment in the reader's language and time zone. The server does not know the zone, so it renders
 * UTC (saying so) and the hydrated page re-renders it in the browser's zone (useFormat).
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {useFormat().dateTime(iso)}
    </time>
  )
}
