/**
 * Public pages that do not come from data: listed in the sitemap and checked on phones by the e2e
 * tests. Add a new public page here.
 */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/marketplace',
  '/marketplace/new',
  '/categories/all',
  '/trade-instructions',
  '/trade-instructions/documentation',
  '/trade-instructions/logistics',
  '/trade-instructions/payment',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/faq',
  '/logistics',
  '/guides',
] as const
