import { ArrowRight, Coffee, Cpu, Factory, Gem, Leaf, Package, Shirt, Wheat, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CategorySummaryDto } from '../types'
import { Card } from '~/components/ui/card'

const ICONS: Record<string, LucideIcon> = {
  leaf: Leaf,
  wellness: Leaf,
  gem: Gem,
  'gems-jewelry': Gem,
  wheat: Wheat,
  agriculture: Wheat,
  cpu: Cpu,
  technology: Cpu,
  factory: Factory,
  industrial: Factory,
  shirt: Shirt,
  textiles: Shirt,
  coffee: Coffee,
  beverages: Coffee,
}

/** The category's icon (by icon name, then by id), a box when unknown. */
export function CategoryIcon({ category, className }: { category: Pick<CategorySummaryDto, 'id' | 'icon'>; className?: string }) {
  const Icon = ICONS[category.icon] ?? ICONS[category.id] ?? Package
  return <Icon className={className} aria-hidden />
}

/** A category tile: picture, translated name and description, public product count. */
export function CategoryCard({ category }: { category: CategorySummaryDto }) {
  const { t } = useTranslation('catalog')
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md" data-testid="category-card">
      {/* The icon sits under the picture and shows only if the picture is missing. */}
      <div className="relative flex aspect-[16/9] items-center justify-center bg-primary/10 text-primary">
        <CategoryIcon category={category} className="size-12" />
        <img src={category.image} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold">
          <Link to={`/categories/${category.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {category.name}
          </Link>
        </h3>
        {category.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{category.description}</p> : null}
        <p className="mt-auto flex items-center justify-between pt-2 text-sm font-medium">
          <span>{t(category.productCountCapped ? 'categories.productCountCapped' : 'categories.productCount', { count: category.productCount })}</span>
          <ArrowRight className="size-4 text-primary transition-transform group-hover:translate-x-1" aria-hidden />
        </p>
      </div>
    </Card>
  )
}
