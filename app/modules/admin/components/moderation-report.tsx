import { Paperclip } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { LocalTime } from '~/modules/messaging'
import type { ReportDto, ReportPartyDto } from '../moderation.server'
import { ReportDecisionDialog } from './moderation-decision-dialog'

function Party({ label, party }: { label: string; party: ReportPartyDto }) {
  const { t } = useTranslation('admin')
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">
        <span className="font-medium">{party.name}</span>
        {party.company !== party.name ? <span>, {party.company}</span> : null}
        <span className="text-muted-foreground">
          {' '}
          ({t(`moderation.roles.${party.role}`)}, {t(`kyc.countries.${party.country}`, { defaultValue: party.country })})
        </span>
      </dd>
    </div>
  )
}

/** One report: who reported whom, why and when, the conversation's newest messages (read-only), and the decision buttons or the decision. */
export function ModerationReport({ report }: { report: ReportDto }) {
  const { t } = useTranslation('admin')
  const headingId = `report-${report.id}-heading`
  return (
    <article aria-labelledby={headingId} className="rounded-lg border bg-background p-4 shadow-sm" data-testid="moderation-report">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {t('moderation.reportBy', { name: report.reporter.name })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('moderation.reportedAt')} <LocalTime iso={report.createdAt} />
          </p>
        </div>
        {report.status === 'open' ? (
          <div className="flex flex-wrap gap-2">
            <ReportDecisionDialog reportId={report.id} decision="reviewed" reporterName={report.reporter.name} />
            <ReportDecisionDialog reportId={report.id} decision="dismissed" reporterName={report.reporter.name} />
          </div>
        ) : (
          <Badge variant={report.status === 'reviewed' ? 'success' : 'secondary'}>{t(`moderation.statuses.${report.status}`)}</Badge>
        )}
      </header>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Party label={t('moderation.reporter')} party={report.reporter} />
        <Party label={t('moderation.otherParty')} party={report.other} />
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium text-muted-foreground uppercase">{t('moderation.reason')}</dt>
          <dd className="text-sm whitespace-pre-wrap break-words" data-testid="report-reason">
            {report.reason}
          </dd>
        </div>
        {report.status !== 'open' ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium text-muted-foreground uppercase">{t('moderation.decision')}</dt>
            <dd className="text-sm">
              {t('moderation.decidedBy', { email: report.decidedBy ?? t('audit.unknownAdmin') })}
              {report.reviewedAt ? (
                <>
                  {' · '}
                  <LocalTime iso={report.reviewedAt} />
                </>
              ) : null}
              {report.note ? <p className="mt-1 whitespace-pre-wrap break-words">{report.note}</p> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <section className="mt-4" aria-label={t('moderation.conversation')}>
        <h3 className="text-sm font-medium">
          {t('moderation.recentMessages', { shown: report.messages.length, count: report.messageCount })}
        </h3>
        {report.messages.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('moderation.noMessages')}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2 rounded-md border bg-muted/30 p-3" data-testid="report-messages">
            {report.messages.map((m) => (
              <li key={m.id} className="rounded-md bg-background p-2 text-sm shadow-xs">
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{m.from === 'reporter' ? report.reporter.name : report.other.name}</span>
                  {' · '}
                  <LocalTime iso={m.createdAt} />
                </p>
                {m.body ? <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p> : null}
                {m.attachments.length > 0 ? (
                  <ul className="mt-1 flex flex-wrap gap-2 text-xs text-muted-foreground" aria-label={t('moderation.attachments')}>
                    {m.attachments.map((name, i) => (
                      <li key={`${m.id}-${i}`} className="inline-flex items-center gap-1">
                        <Paperclip className="size-3" aria-hidden />
                        {name}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  )
}
