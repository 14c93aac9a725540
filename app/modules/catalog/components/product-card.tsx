import { BadgeCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProductCardDto } from '../types'
import { CountryLabel } from './country-label'
import { Price } from './price'
import { ProductImage } from './product-image'
import { productImageThumb } from '~/modules/products'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'

/** A product in a grid: image, name, category, seller and country, price, MOQ, "New" badge. */
export function ProductCard({ product, showNewBadge = product.isNew }: { product: ProductCardDto; showNewBadge?: boolean }) {
  const { t } = useTranslation('catalog')
  const href = `/products/${product.id}`
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md" data-testid="product-card">
      <div className="relative">
        <ProductImage src={product.image ? productImageThumb(product.image) : null} alt="" className="aspect-[4/3] w-full" />
        {showNewBadge ? <Badge className="absolute left-2 top-2">{t('card.new')}</Badge> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{product.category.name}</p>
        {/* A name in another language than the page (no translation in the visitor's) says which one. */}
        <h3 className="line-clamp-2 font-semibold leading-snug" lang={product.lang.name}>
          {/* The whole card is clickable through this link's overlay. No prefetch: a hover is not a
              view, and a prefetched page would open without the server counting the visit. */}
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.name || t('card.untitled')}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            {/* Above the card's overlay link, so it opens the seller's page; 24px tall for a touch target (WCAG 2.5.8). */}
            <Link to={`/sellers/${product.seller.id}`} className="relative z-10 inline-flex min-h-6 items-center hover:text-foreground hover:underline" data-testid="seller-link">
              {product.seller.displayName}
            </Link>
            {product.seller.verified ? (
              <BadgeCheck className="size-4 text-emerald-600" aria-label={t('card.verified')} role="img" />
            ) : null}
          </span>
          <CountryLabel country={product.seller.country} />
        </p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <span>
            <Price amount={product.price} currency={product.currency} className="text-lg font-bold text-primary" />
            <span className="text-xs text-muted-foreground"> / {t(`units:short.${product.unit}`)}</span>
          </span>
          <span className="text-xs text-muted-foreground">{t('card.moq', { count: product.minimumOrderQuantity, unit: t(`units:short.${product.unit}`) })}</span>
        </div>
      </div>
    </Card>
  )
}
