import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ProductImage } from './product-image'
import { productImageThumb } from '~/modules/products'
import { cn } from '~/lib/utils'

/** Main image with thumbnail buttons (keyboard usable: Tab to a thumbnail, Enter or Space to show it). */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('catalog')
  const [index, setIndex] = useState(0)
  const current = images[index] ?? null
  return (
    <div className="flex flex-col gap-3" role="group" aria-label={t('product.gallery.label')}>
      <ProductImage
        src={current}
        alt={current ? name : t('product.gallery.noImage')}
        eager
        className="aspect-square w-full rounded-lg border"
      />
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t('product.gallery.show', { index: i + 1, count: images.length })}
                className={cn(
                  'block size-16 overflow-hidden rounded-md border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                  i === index ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <img src={productImageThumb(src)} alt="" loading="lazy" className="size-full bg-muted object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
