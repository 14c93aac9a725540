import { CircleAlert, CircleCheck, CircleX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { LocalTime } from '~/modules/messaging'
import { useFormat } from '~/lib/use-format'
import { cn } from '~/lib/utils'
import type { SystemStatusDto } from '../system-status.server'

const ICONS = { ok: CircleCheck, warn: CircleAlert, down: CircleX }
const TONES = { ok: 'text-emerald-700', warn: 'text-amber-700', down: 'text-red-700' }

/** The Overview's System Status: each dependency's measured state and how long the check took. */
export function SystemStatus({ status }: { status: SystemStatusDto }) {
  const { t } = useTranslation('admin')
  const headingId = 'overview-system-status'
  const format = useFormat()
  return (
    <Card aria-labelledby={headingId} role="region" data-testid="system-status">
      <CardHeader className="pb-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('systemStatus.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('systemStatus.checkedAt')} <LocalTime iso={status.checkedAt} />
        </p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {status.checks.map((check) => {
            const Icon = ICONS[check.status]
            return (
              <li key={check.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm" data-testid={`system-check-${check.id}`} data-status={check.status}>
                <div className="flex items-start gap-2">
                  <Icon className={cn('mt-0.5 size-4 shrink-0', TONES[check.status])} aria-hidden />
                  <div>
                    <p className="font-medium">{t(`systemStatus.checks.${check.id}`)}</p>
                    <p className="text-muted-foreground">{t(`systemStatus.states.${check.id}.${check.state}`, check.params ?? {})}</p>
                  </div>
                </div>
                <div className="text-right">
                  <p className={cn('font-semibold', TONES[check.status])}>{t(`systemStatus.status.${check.status}`)}</p>
                  <p className="text-xs text-muted-foreground">{t('systemStatus.latency', { ms: format.number(check.latencyMs, { maximumFractionDigits: 0 }) })}</p>
                </div>
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
