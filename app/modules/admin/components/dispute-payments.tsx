import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { useFormat } from '~/lib/use-format'
import type { MilestoneStatus } from '~/domain'
import type { AdminMilestoneDto } from '~/modules/payments/index.server'

const STATUS_VARIANT: Record<MilestoneStatus, 'secondary' | 'success' | 'destructive' | 'outline'> = {
  upcoming: 'outline',
  due: 'secondary',
  proof_submitted: 'secondary',
  confirmed: 'success',
  overdue: 'destructive',
  disputed: 'destructive',
}

/**
 * The disputed order's payment milestones (issue 29 item 6): share, amount, event, due date, status,
 * the buyer's bank reference and proof (a signed link that opens in a new tab, audited), the seller's
 * note, who confirmed and when.
 */
export function DisputePayments({ milestones, linkTtlSeconds }: { milestones: AdminMilestoneDto[]; linkTtlSeconds: number }) {
  const { t } = useTranslation('adminDisputes')
  const format = useFormat()
  const dash = '—'
  return (
    <Card data-testid="dispute-milestones">
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('payments.title')}</h2>
        <p className="text-xs text-muted-foreground">{t('payments.proofLinks', { minutes: Math.round(linkTtlSeconds / 60) })}</p>
      </CardHeader>
      <CardContent>
        {milestones.length === 0 ? (
          <p className="text-sm">{t('payments.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('payments.title')}</caption>
              <thead>
                <tr className="border-b">
                  {(['position', 'share', 'amount', 'event', 'dueOn', 'status', 'bankReference', 'proof', 'sellerNote', 'confirmed'] as const).map((c) => (
                    <th key={c} scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                      {t(`payments.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {milestones.map((m) => (
                  <tr key={m.id} className="border-b align-top last:border-0" data-testid="dispute-milestone">
                    <td className="py-2 pr-3">{m.position}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{t('payments.share', { share: m.share })}</td>
                    <td className="py-2 pr-3 font-semibold whitespace-nowrap">{format.money(m.amount, m.currency)}</td>
                    <td className="py-2 pr-3">
                      {m.offsetDays > 0 ? t('payments.eventAfter', { event: t(`payments:events.${m.event}`), count: m.offsetDays }) : t(`payments:events.${m.event}`)}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{m.dueOn ? <time dateTime={m.dueOn}>{format.date(m.dueOn)}</time> : dash}</td>
                    <td className="py-2 pr-3">
                      <Badge variant={STATUS_VARIANT[m.status]} data-testid="milestone-status">
                        {t(`payments:statuses.${m.status}`)}
                      </Badge>
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs break-all">{m.bankReference ?? dash}</td>
                    <td className="py-2 pr-3">
                      {m.proof ? (
                        <a
                          href={m.proof.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-medium text-primary underline underline-offset-4 break-all"
                          aria-label={t('payments.openProof', { position: m.position, name: m.proof.fileName })}
                        >
                          {m.proof.fileName}
                        </a>
                      ) : (
                        dash
                      )}
                      {m.proof ? (
                        <span className="block text-xs text-muted-foreground">
                          <time dateTime={m.proof.submittedAt}>{format.dateTime(m.proof.submittedAt, 'short')}</time>
                        </span>
                      ) : null}
                    </td>
                    <td className="max-w-[16rem] py-2 pr-3 break-words whitespace-pre-line">{m.sellerNote ?? dash}</td>
                    <td className="py-2 pr-3">
                      {m.confirmedAt ? (
                        <>
                          <span className="block">{m.confirmedByName ?? t('payments.confirmedByUnknown')}</span>
                          <time className="text-xs text-muted-foreground" dateTime={m.confirmedAt}>
                            {format.dateTime(m.confirmedAt, 'short')}
                          </time>
                        </>
                      ) : (
                        dash
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
