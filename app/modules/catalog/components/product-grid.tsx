import type { ProductCardDto } from '../types'
import { ProductCard } from './product-card'
import { RatesFootnote } from '~/components/reader-amount'
import { cn, overrides } from '~/lib/utils'

/** Product cards in a responsive grid, as a list for assistive technology, and the rates their converted prices used. */
export function ProductGrid({ products, className, newBadges }: { products: ProductCardDto[]; className?: string; newBadges?: boolean }) {
  return (
    <>
      <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', !overrides(className, 'xl:grid-cols-') && 'xl:grid-cols-4', className)}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} showNewBadge={newBadges ?? product.isNew} />
          </li>
        ))}
      </ul>
      <RatesFootnote currencies={products.map((p) => p.currency)} className="mt-3" />
    </>
  )
}
