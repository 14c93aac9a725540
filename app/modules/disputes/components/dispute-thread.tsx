import { FileText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { useFormat, type Formatters } from '~/lib/use-format'
import { LocalTime } from '~/modules/messaging'
import type { DisputeCoreDto, EvidenceDto } from '../queries.server'

const KB = 1024

/** A file size as people read it (kB up to 1 MB, then MB), for the reader. */
function fileSize(bytes: number, format: Formatters) {
  const n = (value: number) => format.number(value, { maximumFractionDigits: 1 })
  return bytes < KB * KB ? `${n(Math.max(1, Math.round(bytes / KB)))} kB` : `${n(bytes / (KB * KB))} MB`
}

/** Evidence files as download links (parties: the authorised download route; admins: signed links). */
export function EvidenceList({ files, newTab = false }: { files: EvidenceDto[]; newTab?: boolean }) {
  const { t } = useTranslation('disputes')
  const format = useFormat()
  if (files.length === 0) return null
  return (
    <ul className="mt-2 flex flex-col gap-1" aria-label={t('thread.evidence')}>
      {files.map((f) => (
        <li key={f.id}>
          {/* A file, not a client route: a plain anchor. */}
          <a
            href={f.url}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="dispute-evidence"
            {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : { download: f.fileName })}
          >
            <FileText className="size-4 shrink-0" aria-hidden />
            <span className="break-all">{f.fileName}</span>
            <span className="text-xs font-normal text-muted-foreground">({fileSize(f.sizeBytes, format)})</span>
            {newTab ? <span className="sr-only">({t('thread.opensInNewTab')})</span> : null}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * The dispute as both sides and the moderators read it: reason, description and evidence, the thread (author
 * role and time in the reader's zone), and once decided the decision and the written resolution.
 */
export function DisputeThread({ dispute, evidenceInNewTab = false }: { dispute: DisputeCoreDto; evidenceInNewTab?: boolean }) {
  const { t } = useTranslation('disputes')
  return (
    <div className="flex flex-col gap-6">
      {dispute.status === 'resolved' && dispute.decision ? (
        <section className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950" aria-labelledby="dispute-decision-heading" data-testid="dispute-decision">
          <h2 id="dispute-decision-heading" className="text-base font-semibold">
            {t('decision.heading')}: {t(`decisions.${dispute.decision}`)}
          </h2>
          {dispute.decidedAt ? (
            <p className="text-xs">
              <LocalTime iso={dispute.decidedAt} />
            </p>
          ) : null}
          <p className="mt-2 text-sm break-words whitespace-pre-line" data-testid="dispute-resolution">
            {dispute.resolution}
          </p>
        </section>
      ) : null}
      <section className="rounded-lg border bg-card p-4" aria-labelledby="dispute-opening-heading">
        <h2 id="dispute-opening-heading" className="text-base font-semibold">
          {t(`reasons.${dispute.reason}`)}
        </h2>
        <p className="text-xs text-muted-foreground">
          {t('thread.openedBy', { party: t(`authors.${dispute.openedByParty}`) })} · <LocalTime iso={dispute.createdAt} />
        </p>
        <p className="mt-3 text-sm break-words whitespace-pre-line" data-testid="dispute-description">
          {dispute.description}
        </p>
        <EvidenceList files={dispute.evidence} newTab={evidenceInNewTab} />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="dispute-thread-heading">
        <h2 id="dispute-thread-heading" className="text-lg font-semibold">
          {t('thread.heading')}
        </h2>
        {dispute.messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('thread.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-3" data-testid="dispute-thread">
            {dispute.messages.map((m) => (
              <li key={m.id} className={m.authorKind === 'moderator' ? 'rounded-md border border-sky-200 bg-sky-50 p-3' : 'rounded-md border p-3'} data-testid="dispute-message">
                <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant={m.authorKind === 'moderator' ? 'default' : 'secondary'}>{t(`authors.${m.authorKind}`)}</Badge>
                  {m.authorName ? <span className="font-medium text-foreground">{m.authorName}</span> : null}
                  <LocalTime iso={m.createdAt} />
                </p>
                <p className="mt-2 text-sm break-words whitespace-pre-line">{m.body}</p>
                <EvidenceList files={m.evidence} newTab={evidenceInNewTab} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
