import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { LocalTime } from '~/modules/messaging'
import type { RecentActivityDto } from '../queries.server'
import { AUDIT_ACTIONS } from '../roles'

/**
 * The Overview's Recent Activity: the newest audit entries, each with its time (in the admin's
 * language and time zone), admin, translated action and target. `scope` 'own' is a moderator's view
 * (no audit:read): only their own acts, and no link to the log they may not open.
 */
export function OverviewRecentActivity({ entries, scope }: { entries: RecentActivityDto[]; scope: 'all' | 'own' }) {
  const { t } = useTranslation('admin')
  const headingId = 'overview-recent-activity'
  return (
    <Card aria-labelledby={headingId} role="region" data-testid="recent-activity">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {t(scope === 'all' ? 'overview.recentActivity' : 'overview.yourRecentActivity')}
          </h2>
          <p className="text-sm text-muted-foreground">{t(scope === 'all' ? 'overview.recentActivityHint' : 'overview.yourRecentActivityHint')}</p>
        </div>
        {scope === 'all' ? (
          <Link to="/admin/audit" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('overview.viewAuditLog')}
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="recent-activity-empty">
            {t('overview.noRecentActivity')}
          </p>
        ) : (
          <ol className="divide-y">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3" data-testid="recent-activity-entry">
                <LocalTime iso={e.createdAt} className="shrink-0 text-muted-foreground sm:w-44" />
                <span className="font-medium">{(AUDIT_ACTIONS as readonly string[]).includes(e.action) ? t(`audit.actions.${e.action}`) : e.action}</span>
                <span className="break-all text-muted-foreground">{e.adminEmail ?? t('audit.unknownAdmin')}</span>
                {e.targetType ? (
                  <span className="break-all text-muted-foreground">
                    {t(`audit.targets.${e.targetType}`, { defaultValue: e.targetType })}
                    {e.targetId ? ` ${e.targetId}` : ''}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
