import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { nextOrderStatuses } from '../policy'
import type { OrderListItemDto } from '../queries.server'
import { OrderStatusDialog } from './order-status-dialog'
import { DataTable } from '~/components/data-table'
import { TableCell, TableHead, TableRow } from '~/components/ui/table'
import { unitText } from '~/domain'
import { StampedAmount } from '~/modules/rates'

/**
 * A table of orders for either party: id (first 8 characters, a link to the order page), the other
 * party (company, person, country), what was ordered (the product, in the viewer's language when it has
 * that text, or the RFQ's title), quantity, total, status, date; the seller also gets the status dialog
 * on each open order.
 */
export function OrderTable({ items, side }: { items: OrderListItemDto[]; side: 'buyer' | 'seller' }) {
  const { t, i18n } = useTranslation('rfqs')
  const lng = (i18n.language as Language) ?? 'en'
  const format = useFormat()
  return (
    <DataTable
      rows={items}
      label={t('orders.caption')}
      headerClassName="text-muted-foreground"
      testId="order-table"
      head={
        <>
          <TableHead>{t('orders.id')}</TableHead>
          <TableHead>{side === 'seller' ? t('orders.buyer') : t('orders.seller')}</TableHead>
          <TableHead>{t('orders.subject')}</TableHead>
          <TableHead>{t('orders.quantity')}</TableHead>
          <TableHead>{t('orders.total')}</TableHead>
          <TableHead>{t('orders.status')}</TableHead>
          <TableHead>{t('orders.date')}</TableHead>
          {side === 'seller' ? (
            <TableHead>
              <span className="sr-only">{t('orders.actions')}</span>
            </TableHead>
          ) : null}
        </>
      }
    >
      {(o) => (
        <TableRow key={o.id} className="align-top">
          <TableHead scope="row" className="font-mono font-medium">
            <Link to={`/orders/${o.id}`} className="underline-offset-4 hover:underline">
              {o.id.slice(0, 8)}
            </Link>
          </TableHead>
          <TableCell>
            <span className="break-words">{o.counterpartyCompany}</span>
            {o.counterpartyName !== o.counterpartyCompany ? <span className="block text-xs break-words">{o.counterpartyName}</span> : null}
            <span className="block text-xs text-muted-foreground">{t(`locations.${o.counterpartyCountry}`)}</span>
          </TableCell>
          <TableCell className="break-words">
            {o.rfqTitle ?? (o.productId ? (
              <Link to={`/products/${o.productId}`} className="underline-offset-4 hover:underline" data-testid="order-product" lang={o.productNameLang && o.productNameLang !== lng ? o.productNameLang : undefined}>
                {o.productName ?? t('orders.product')}
              </Link>
            ) : '—')}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {format.count(o.quantity)} {o.unit ? t(...unitText(o.unit, o.quantity)) : ''}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {format.money(o.total, o.currency)}
            {/* In the reader's currency at the rate stamped on the order, as the order page shows it. */}
            <StampedAmount amount={o.total} stamp={o.rates} compact className="block text-xs" />
          </TableCell>
          <TableCell>
            <span className="flex flex-wrap gap-1">
              <Badge variant="secondary">{t(`orderStatuses.${o.status}`)}</Badge>
              {o.disputed ? (
                <Badge variant="destructive" data-testid="order-disputed">
                  {t('disputes:badge')}
                </Badge>
              ) : null}
            </span>
          </TableCell>
          <TableCell className="whitespace-nowrap">{format.date(o.createdAt)}</TableCell>
          {side === 'seller' ? (
            <TableCell>
              {!o.disputed && nextOrderStatuses(o.status, 'seller').length > 0 ? <OrderStatusDialog orderId={o.id} status={o.status} next={nextOrderStatuses(o.status, 'seller')} inList /> : null}
            </TableCell>
          ) : null}
        </TableRow>
      )}
    </DataTable>
  )
}
