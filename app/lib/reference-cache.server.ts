// A short-lived, shared cache of the reference data that public pages read on every request (issue 11
// item 2): the featured categories and their product counts, the catalog counters on the home page, a
// category page's category with its subcategories and counts. Not product listings: those change with
// every query and page.
//
// An entry is kept per key (the caller puts the language in it) for at most `ttlMs` and is dropped at
// once when the catalog changes, by the same signal as the public page cache (ADR 016):
// invalidatePublicPages() bumps the page cache's generation in this process and, by NOTIFY, in every
// other one; an entry loaded under an older generation is never served. Off (every call loads) until
// configureReferenceCache() turns it on: server/start.mjs does, with the TTL of the page cache.
//
// Cached values are shared by every request, so they are frozen: a loader that tried to change one
// would fail loudly instead of changing the next visitor's page.
import { getDb } from './db.server'
import { publicPagesGeneration } from './page-cache.server'

/** How long requests join a load that is still running before they start their own. */
export const IN_FLIGHT_SHARE_MS = 2_000

/** At most this many keys; the oldest goes first (keys come from code and the category table, so it is never reached in practice). */
export const REFERENCE_CACHE_MAX_ENTRIES = 1_000

type Entry = { value: Promise<unknown>; generation: number; storedAt: number; db: unknown; settled: boolean }
type State = { ttlMs: number; entries: Map<string, Entry>; loads: number }

// On globalThis, like the page cache: the server build and the test suite (which imports the sources)
// must share one switch and one set of entries.
const globalForCache = globalThis as unknown as { __setuReferenceCache?: State }
function state(): State {
  globalForCache.__setuReferenceCache ??= { ttlMs: 0, entries: new Map(), loads: 0 }
  return globalForCache.__setuReferenceCache
}

/** Turns the cache on (ttlMs > 0) or off (0), dropping what it holds. */
export function configureReferenceCache({ ttlMs }: { ttlMs: number }) {
  const s = state()
  s.ttlMs = Math.max(0, ttlMs)
  s.entries.clear()
}

/** How many times a value was loaded rather than served from the cache (tests, diagnostics). */
export function referenceCacheLoads(): number {
  return state().loads
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/**
 * The value under `key`, loaded by `load` when it is missing, older than the TTL, or from before the
 * last catalog change. Requests arriving while it loads share that load. A value for which `keep`
 * answers false (say, null for an unknown id) is returned but not kept; a failed load is not kept either.
 */
export function referenceData<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  const s = state()
  if (s.ttlMs <= 0) return load()
  const generation = publicPagesGeneration()
  const db = getDb()
  const now = Date.now()
  const hit = s.entries.get(key)
  // A load still running after IN_FLIGHT_SHARE_MS is not joined (a query stuck on a connection the
  // database dropped would otherwise hold every later request of this key): the next request loads anew.
  const fresh = hit && (hit.settled ? now - hit.storedAt < s.ttlMs : now - hit.storedAt < IN_FLIGHT_SHARE_MS)
  if (hit && fresh && hit.generation === generation && hit.db === db) return hit.value as Promise<T>
  s.loads++
  const entry: Entry = { value: Promise.resolve(), generation, storedAt: now, db, settled: false }
  const drop = () => {
    if (s.entries.get(key) === entry) s.entries.delete(key)
  }
  const value = load().then(
    (v) => {
      entry.settled = true
      if (!keep(v)) drop()
      return deepFreeze(v)
    },
    (err: unknown) => {
      drop()
      throw err
    },
  )
  entry.value = value
  s.entries.delete(key)
  if (s.entries.size >= REFERENCE_CACHE_MAX_ENTRIES) {
    const oldest = s.entries.keys().next().value
    if (oldest !== undefined) s.entries.delete(oldest)
  }
  s.entries.set(key, entry)
  return value
}
