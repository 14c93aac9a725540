import type * as React from 'react'
import { BadgeCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { ConvertedAmount } from '~/components/reader-amount'
import { useFormat } from '~/lib/use-format'
import { type QuantityUnit, type QuoteStatus, unitText } from '~/domain'
import type { BuyerQuoteDto } from '../quotes.server'
import { DataTable } from '~/components/data-table'
import { TableCell, TableHead, TableRow } from '~/components/ui/table'
import { PaymentTermsSummary } from '~/modules/payments'

const STATUS_VARIANT: Record<QuoteStatus, 'success' | 'secondary' | 'default' | 'warning' | 'destructive'> = {
  Quoted: 'success',
  Accepted: 'default',
  Rejected: 'destructive',
  Expired: 'warning',
  Countered: 'secondary',
  Withdrawn: 'secondary',
}

/**
 * The buyer's side-by-side view of the quotes on one RFQ (issue 8 item 5): one row per quote. `actions`
 * adds a quote's own buttons beside its link (the page passes "Message": conversations are another module's).
 */
export function QuoteComparison({
  rfqId,
  rfqTitle,
  unit,
  quotes,
  actions,
  sellerBadges,
}: {
  rfqId: string
  rfqTitle: string
  /** The RFQ's unit: what every quote's price is per and its minimum order counts. */
  unit: QuantityUnit
  quotes: BuyerQuoteDto[]
  actions?: (quote: BuyerQuoteDto) => React.ReactNode
  /** More badges beside the seller's name (the page passes the verified registry identities: another module's). */
  sellerBadges?: (quote: BuyerQuoteDto) => React.ReactNode
}) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  return (
    <DataTable
      rows={quotes}
      label={t('compare.caption', { title: rfqTitle })}
      headerClassName="text-muted-foreground"
      testId="quote-table"
      head={
        <>
          <TableHead>{t('compare.seller')}</TableHead>
          <TableHead>{t('compare.unitPrice')}</TableHead>
          <TableHead>{t('compare.moq')}</TableHead>
          <TableHead>{t('compare.incoterm')}</TableHead>
          <TableHead>{t('compare.leadTime')}</TableHead>
          <TableHead>{t('compare.validUntil')}</TableHead>
          <TableHead>{t('compare.status')}</TableHead>
          <TableHead>
            <span className="sr-only">{t('negotiation.open')}</span>
          </TableHead>
        </>
      }
    >
      {(q) => (
        <TableRow key={q.id} className="align-top">
          <TableHead scope="row">
            <span className="flex flex-wrap items-center gap-1 break-words">
              {q.sellerCompany}
              {q.sellerVerified ? (
                <Badge variant="success" className="gap-1">
                  <BadgeCheck className="size-3" aria-hidden />
                  {t('compare.verified')}
                </Badge>
              ) : null}
              {sellerBadges?.(q)}
            </span>
            <span className="block text-xs font-normal text-muted-foreground">{t(`locations.${q.sellerCountry}`)}</span>
            {q.payment.kind !== 'none' ? (
              <div className="mt-1 text-xs font-normal text-muted-foreground" data-testid="quote-payment">
                <span className="font-medium">{t('compare.paymentTerms')}</span> <PaymentTermsSummary view={q.payment} />
              </div>
            ) : null}
            {q.message ? <span className="block max-w-xs text-xs font-normal break-words whitespace-pre-line">{q.message}</span> : null}
          </TableHead>
          <TableCell className="whitespace-nowrap">
            {format.money(q.unitPrice, q.currency)} <span className="text-xs text-muted-foreground">/ {t(`units:short.${unit}`)}</span>
            {/* Quotes in several currencies compare in the reader's, at today's rate. */}
            <ConvertedAmount amount={q.unitPrice} currency={q.currency} className="block text-xs" />
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {format.count(q.minOrderQuantity)} {t(...unitText(unit, q.minOrderQuantity))}
          </TableCell>
          <TableCell>
            {q.incoterm} <span className="break-words">{q.incotermPlace}</span>
          </TableCell>
          <TableCell className="whitespace-nowrap">{t('compare.days', { count: q.leadTimeDays })}</TableCell>
          <TableCell className="whitespace-nowrap">{format.date(q.expiresAt)}</TableCell>
          <TableCell>
            <Badge variant={STATUS_VARIANT[q.status]}>{t(`quoteStatuses.${q.status}`)}</Badge>
          </TableCell>
          <TableCell>
            <span className="flex flex-wrap items-center gap-2">
              <Link to={`/rfqs/${rfqId}/quotes/${q.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {t('negotiation.open')}
                <span className="sr-only">: {q.sellerCompany}</span>
              </Link>
              {actions ? actions(q) : null}
            </span>
          </TableCell>
        </TableRow>
      )}
    </DataTable>
  )
}
