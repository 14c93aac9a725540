import { useTranslation } from 'react-i18next'
import { multiplyDecimal } from '~/lib/decimal'
import { formatCount } from '~/lib/i18n'
import { useReader } from '~/lib/reader'
import { addMoney } from '../money'
import type { ShippingOptionDto } from '../types'
import { Price } from './price'

/**
 * Unit price × quantity + shipping = total, computed on exact decimal strings. Shipping priced in another
 * currency than the product is listed separately instead of being added.
 */
export function CostSummary({
  unitPrice,
  currency,
  quantity,
  unit,
  shipping,
}: {
  unitPrice: string
  currency: string
  /** Null while the quantity field holds no quantity (nothing is computed from a guess). */
  quantity: number | null
  /** The unit's symbol, translated ("t"). */
  unit: string
  shipping: ShippingOptionDto | null
}) {
  const { t } = useTranslation('catalog')
  const reader = useReader()
  // Exact: 245.55 × 12.5 by lib/decimal.ts, rounded half up to the cent as the order's total is in SQL (ADR 030).
  const subtotal = quantity === null ? null : (multiplyDecimal(unitPrice, String(quantity), 2) ?? '0.00')
  const sameCurrency = shipping !== null && shipping.currency === currency
  const total = subtotal !== null && sameCurrency ? (addMoney(subtotal, shipping.price) ?? subtotal) : subtotal
  return (
    <section aria-labelledby="cost-summary-heading" className="rounded-lg border bg-muted/40 p-4" data-testid="cost-summary">
      <h2 id="cost-summary-heading" className="mb-3 font-semibold">
        {t('product.cost.title')}
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">{t('product.cost.unitPrice')}</dt>
        <dd className="text-right">
          <Price amount={unitPrice} currency={currency} />
        </dd>
        <dt className="text-muted-foreground">{t('product.cost.quantity')}</dt>
        <dd className="text-right" data-testid="cost-quantity">
          {quantity === null ? '—' : `${formatCount(quantity, reader)}\u00a0${unit}`}
        </dd>
        <dt className="text-muted-foreground">{t('product.cost.subtotal')}</dt>
        <dd className="text-right" data-testid="cost-subtotal">
          {subtotal === null ? '—' : <Price amount={subtotal} currency={currency} />}
        </dd>
        {shipping ? (
          <>
            <dt className="text-muted-foreground">{t('product.cost.shipping', { method: t(`product.shipping.methods.${shipping.method}`) })}</dt>
            <dd className="text-right">
              <Price amount={shipping.price} currency={shipping.currency} />
            </dd>
          </>
        ) : null}
        <dt className="border-t pt-2 font-semibold">{t('product.cost.total')}</dt>
        <dd className="border-t pt-2 text-right font-semibold" data-testid="cost-total">
          {total === null ? '—' : <Price amount={total} currency={currency} />}
        </dd>
      </dl>
      {shipping && !sameCurrency ? (
        <p className="mt-2 text-xs text-muted-foreground">{t('product.cost.shippingSeparate', { currency: shipping.currency })}</p>
      ) : null}
      <p className="mt-2 text-xs text-muted-foreground">{t('product.cost.note')}</p>
    </section>
  )
}
