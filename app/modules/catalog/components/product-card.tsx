import { BadgeCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProductCardDto } from '../types'
import { CountryLabel } from './country-label'
import { Price } from './price'
import { ProductImage } from './product-image'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'

/** A product in a grid: image, name, category, seller and country, price, MOQ, "New" badge. */
export function ProductCard({ product, showNewBadge = product.isNew }: { product: ProductCardDto; showNewBadge?: boolean }) {
  const { t } = useTranslation('catalog')
  const href = `/products/${product.id}`
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md" data-testid="product-card">
      <div className="relative">
        <ProductImage src={product.image} alt="" className="aspect-[4/3] w-full" />
        {showNewBadge ? <Badge className="absolute left-2 top-2">{t('card.new')}</Badge> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{product.category.name}</p>
        <h3 className="line-clamp-2 font-semibold leading-snug">
          {/* The whole card is clickable through this link's overlay; it stays one tab stop. */}
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none" prefetch="intent">
            {product.name}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            {product.seller.displayName}
            {product.seller.verified ? (
              <BadgeCheck className="size-4 text-emerald-600" aria-label={t('card.verified')} role="img" />
            ) : null}
          </span>
          <CountryLabel country={product.seller.country} />
        </p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <Price amount={product.price} currency={product.currency} className="text-lg font-bold text-primary" />
          <span className="text-xs text-muted-foreground">{t('card.moq', { count: product.minimumOrderQuantity })}</span>
        </div>
      </div>
    </Card>
  )
}
