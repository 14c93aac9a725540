import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { nextOrderStatuses } from '../policy'
import type { OrderListItemDto } from '../queries.server'
import { OrderStatusDialog } from './order-status-dialog'

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
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm" data-testid="order-table">
        <caption className="sr-only">{t('orders.caption')}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('orders.id')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{side === 'seller' ? t('orders.buyer') : t('orders.seller')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('orders.subject')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('orders.quantity')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('orders.total')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('orders.status')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('orders.date')}</th>
            {side === 'seller' ? (
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">{t('orders.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.id} className="border-t align-top">
              <th scope="row" className="px-3 py-2 font-mono font-medium">
                <Link to={`/orders/${o.id}`} className="underline-offset-4 hover:underline">
                  {o.id.slice(0, 8)}
                </Link>
              </th>
              <td className="px-3 py-2">
                <span className="break-words">{o.counterpartyCompany}</span>
                {o.counterpartyName !== o.counterpartyCompany ? <span className="block text-xs break-words">{o.counterpartyName}</span> : null}
                <span className="block text-xs text-muted-foreground">{t(`locations.${o.counterpartyCountry}`)}</span>
              </td>
              <td className="px-3 py-2 break-words">
                {o.rfqTitle ?? (o.productId ? (
                  <Link to={`/products/${o.productId}`} className="underline-offset-4 hover:underline" data-testid="order-product" lang={o.productNameLang && o.productNameLang !== lng ? o.productNameLang : undefined}>
                    {o.productName ?? t('orders.product')}
                  </Link>
                ) : '—')}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {format.count(o.quantity)} {o.unit ? t(`units.${o.unit}`) : ''}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{format.money(o.total, o.currency)}</td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap gap-1">
                  <Badge variant="secondary">{t(`orderStatuses.${o.status}`)}</Badge>
                  {o.disputed ? (
                    <Badge variant="destructive" data-testid="order-disputed">
                      {t('disputes:badge')}
                    </Badge>
                  ) : null}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{format.date(o.createdAt)}</td>
              {side === 'seller' ? (
                <td className="px-3 py-2">
                  {!o.disputed && nextOrderStatuses(o.status, 'seller').length > 0 ? <OrderStatusDialog orderId={o.id} status={o.status} next={nextOrderStatuses(o.status, 'seller')} inList /> : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
