import { Scale } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { LocalTime } from '~/modules/messaging'
import type { OrderDisputeStateDto } from '../queries.server'

/**
 * The order page's dispute panel: the open dispute in brief (or the decision and the moderator's written
 * resolution once decided), with the way to the dispute page; "Open a dispute" when the order allows one.
 */
export function DisputeCard({ orderId, state }: { orderId: string; state: OrderDisputeStateDto }) {
  const { t } = useTranslation('disputes')
  const { dispute, openVerdict } = state
  const path = `/orders/${orderId}/dispute`
  const linkClass =
    'inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring'
  if (!dispute) {
    if (openVerdict !== 'allowed') return null
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link to={path} className={linkClass} data-testid="open-dispute-link">
          <Scale className="size-4" aria-hidden />
          {t('card.open')}
        </Link>
        <span className="text-xs text-muted-foreground">{t('card.openHint')}</span>
      </div>
    )
  }
  return (
    <section
      className={dispute.status === 'open' ? 'rounded-lg border border-red-200 bg-red-50 p-4 text-red-950' : 'rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950'}
      aria-labelledby="order-dispute-heading"
      data-testid="order-dispute"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Scale className="size-5" aria-hidden />
        <h2 id="order-dispute-heading" className="text-base font-semibold">
          {dispute.status === 'open' ? t('card.openTitle') : t('card.resolvedTitle')}
        </h2>
        <Badge variant={dispute.status === 'open' ? 'destructive' : 'success'}>{t(`statuses.${dispute.status}`)}</Badge>
      </div>
      <p className="mt-1 text-sm">
        {t(`reasons.${dispute.reason}`)} · {t('thread.openedBy', { party: t(`authors.${dispute.openedByParty}`) })} · <LocalTime iso={dispute.createdAt} />
      </p>
      {dispute.status === 'open' ? (
        <p className="mt-1 text-sm">{t('card.frozen')}</p>
      ) : dispute.decision ? (
        <div className="mt-2 text-sm" data-testid="order-dispute-decision">
          <p className="font-semibold">
            {t('decision.heading')}: {t(`decisions.${dispute.decision}`)}
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{dispute.resolution}</p>
        </div>
      ) : null}
      <Link to={path} className={`${linkClass} mt-3 bg-background`} data-testid="view-dispute-link">
        {t('card.view')}
      </Link>
    </section>
  )
}
