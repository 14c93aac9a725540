// The page half of the marketplace's listing pages (marketplace.tsx, marketplace-new.tsx); the loader
// half is listing-page.server.ts. Not a route of its own.
import type * as React from 'react'
import type { Language } from '~/lib/i18n'
import { seoMeta } from '~/lib/seo'
import { ProductListing } from '~/modules/catalog'

type ListingProps = Omit<React.ComponentProps<typeof ProductListing>, 'basePath'>

/** The meta tags of a listing page at `path`; a filtered listing is not indexed. */
export function listingMeta(
  loaderData: { title: string; description: string; origin: string; locale: Language; filtered: boolean } | undefined,
  path: string,
) {
  return loaderData
    ? seoMeta({
        title: loaderData.title,
        description: loaderData.description,
        origin: loaderData.origin,
        path,
        locale: loaderData.locale,
        noindex: loaderData.filtered,
      })
    : []
}

/** A listing page: its h1 and description, then the filters, products and pages of `listing`. */
export function ListingPage({ title, description, basePath, listing }: { title: string; description: string; basePath: string; listing: ListingProps }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      <ProductListing result={listing.result} query={listing.query} notices={listing.notices} categories={listing.categories} basePath={basePath} />
    </div>
  )
}
