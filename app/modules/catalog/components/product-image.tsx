import { Package } from 'lucide-react'
import { cn } from '~/lib/utils'

/** A product or category picture, or a neutral placeholder when there is none. */
export function ProductImage({ src, alt, className, eager = false }: { src: string | null; alt: string; className?: string; eager?: boolean }) {
  if (!src) {
    return (
      // Without a text (a card whose name is read beside it) the placeholder is decoration, like <img alt="">.
      <div className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        <Package className="size-10" aria-hidden />
      </div>
    )
  }
  // The eager one is the product page's main picture, its largest paint: fetched first and drawn as soon as it arrives.
  if (eager) return <img src={src} alt={alt} loading="eager" fetchPriority="high" className={cn('bg-muted object-cover', className)} />
  return <img src={src} alt={alt} loading="lazy" decoding="async" className={cn('bg-muted object-cover', className)} />
}
