import type * as React from 'react'
import { BadgeCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { formatMoney, INTL_LOCALES, type Language } from '~/lib/i18n'
import type { QuoteStatus } from '~/domain'
import type { BuyerQuoteDto } from '../quotes.server'

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
  quotes,
  lng,
  actions,
}: {
  rfqId: string
  rfqTitle: string
  quotes: BuyerQuoteDto[]
  lng: Language
  actions?: (quote: BuyerQuoteDto) => React.ReactNode
}) {
  const { t } = useTranslation('rfqs')
  const intl = INTL_LOCALES[lng] ?? 'en-IN'
  const date = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' })
  const number = new Intl.NumberFormat(intl)
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm" data-testid="quote-table">
        <caption className="sr-only">{t('compare.caption', { title: rfqTitle })}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.seller')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.unitPrice')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.moq')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.incoterm')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.leadTime')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.validUntil')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('compare.status')}</th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">{t('negotiation.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((q) => (
            <tr key={q.id} className="border-t align-top">
              <th scope="row" className="px-3 py-2 font-medium">
                <span className="flex flex-wrap items-center gap-1 break-words">
                  {q.sellerCompany}
                  {q.sellerVerified ? (
                    <Badge variant="success" className="gap-1">
                      <BadgeCheck className="size-3" aria-hidden />
                      {t('compare.verified')}
                    </Badge>
                  ) : null}
                </span>
                <span className="block text-xs font-normal text-muted-foreground">{t(`locations.${q.sellerCountry}`)}</span>
                {q.paymentTerms ? <span className="block text-xs font-normal text-muted-foreground break-words">{t('compare.paymentTerms', { terms: q.paymentTerms })}</span> : null}
                {q.message ? <span className="block max-w-xs text-xs font-normal break-words whitespace-pre-line">{q.message}</span> : null}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{formatMoney(q.unitPrice, q.currency, lng)}</td>
              <td className="px-3 py-2">{number.format(q.minOrderQuantity)}</td>
              <td className="px-3 py-2">
                {q.incoterm} <span className="break-words">{q.incotermPlace}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{t('compare.days', { count: q.leadTimeDays })}</td>
              <td className="px-3 py-2 whitespace-nowrap">{date.format(new Date(q.expiresAt))}</td>
              <td className="px-3 py-2">
                <Badge variant={STATUS_VARIANT[q.status]}>{t(`quoteStatuses.${q.status}`)}</Badge>
              </td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <Link to={`/rfqs/${rfqId}/quotes/${q.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {t('negotiation.open')}
                    <span className="sr-only">: {q.sellerCompany}</span>
                  </Link>
                  {actions ? actions(q) : null}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
