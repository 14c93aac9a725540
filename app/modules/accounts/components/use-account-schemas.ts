import { useDeferredModule } from '~/components/use-deferred-module'

const loadSchemas = () => import('../schemas')

/**
 * The accounts schemas (Zod, 25 kB of JavaScript) for checking a public form before it is sent,
 * loaded once the page has hydrated instead of with the page (issue #11). Null until they are
 * there: a form sent before that is checked by its action with the same schema, and shows the same
 * errors from the answer.
 */
export function useAccountSchemas() {
  return useDeferredModule(loadSchemas)
}
