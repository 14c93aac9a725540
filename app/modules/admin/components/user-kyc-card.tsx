// The 'KYC Pending Review (n)' card of User Management: a few rows, the review buttons for an admin
// who may review KYC (the same ones as /admin/kyc), and a link to the full queue.
import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { useFormat } from '~/lib/use-format'
import { USERS_COUNT_CAP } from '../user-schemas'
import type { KycCardDto } from '../users.server'
import { ApproveKycButton, RejectKycDialog } from './kyc-review-actions'

/** A View KYC link: a signed document address, opened in a new tab. */
export function KycViewLink({ href, name, label, testId }: { href: string; name: string; label: string; testId?: string }) {
  const { t } = useTranslation('adminUsers')
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      data-testid={testId}
    >
      {label}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">
        : {name} ({t('kycCard.opensInNewTab')})
      </span>
    </a>
  )
}

export function UserKycCard({ card, canReviewKyc }: { card: KycCardDto; canReviewKyc: boolean }) {
  const location = useLocation()
  const returnTo = `${location.pathname}${location.search}`
  const { t } = useTranslation('adminUsers')
  const format = useFormat()
  if (card.total === 0) return null
  const count = card.totalCapped ? t('table.countCapped', { count: format.count(USERS_COUNT_CAP) }) : format.count(card.total)
  return (
    <Card data-testid="kyc-pending-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <h2 className="text-lg font-semibold">{t('kycCard.title', { count })}</h2>
        {canReviewKyc ? (
          <Link to="/admin/kyc" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('kycCard.openQueue')}
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border">
          {card.items.map((item) => (
            <li key={item.profileId} className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="kyc-pending-row">
              <div className="min-w-0 text-sm">
                <p className="font-medium">{item.name}</p>
                <p className="break-all text-muted-foreground">{item.email}</p>
                <p className="text-muted-foreground">
                  {t(`types.${item.userType}`)} · {t(`countries.${item.country}`)}
                </p>
              </div>
              {canReviewKyc ? (
                <div className="flex flex-wrap items-start gap-2">
                  {item.viewUrl ? <KycViewLink href={item.viewUrl} name={item.name} label={t('kycCard.view')} testId="kyc-card-view" /> : null}
                  <ApproveKycButton seller={item} returnTo={returnTo} />
                  <RejectKycDialog seller={item} returnTo={returnTo} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {card.total > card.items.length && canReviewKyc ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('kycCard.more', { count: card.total - card.items.length })}</p>
        ) : null}
      </CardContent>
    </Card>
  )
}
