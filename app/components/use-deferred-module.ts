import { useEffect, useState } from 'react'

const loads = new Map<() => Promise<unknown>, Promise<unknown>>()

/**
 * A module the first paint does not need (a form's Zod schemas, a dialog), loaded with import() once
 * the page has hydrated, so it is not part of the JavaScript every visitor downloads (issue #11: at
 * most 150 kB per public page). Null until it is there. Pass a loader defined at module level: it
 * keys the one load per page.
 */
export function useDeferredModule<T>(loader: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(null)
  useEffect(() => {
    let mounted = true
    let load = loads.get(loader) as Promise<T> | undefined
    if (!load) loads.set(loader, (load = loader()))
    load.then(
      (module) => mounted && setLoaded(() => module),
      // Offline or a new deployment: try again on the next mount; whoever needed it copes without.
      () => loads.delete(loader),
    )
    return () => {
      mounted = false
    }
  }, [loader])
  return loaded
}
