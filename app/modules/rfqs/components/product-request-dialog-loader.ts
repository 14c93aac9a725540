/**
 * The product page's way to the request dialog, in a chunk of its own: the page's import() of this
 * file names one small chunk, and this file's import() carries the list of chunks the dialog needs
 * (its form pieces, the Radix dialog, the schema), which then stays out of the page's JavaScript
 * (issue #11: at most 150 kB per public page). It loads after hydration either way.
 */
export const loadProductRequestDialog = () => import('./product-request-dialog')
