// Values read once per page request and shared by all of its route loaders (issue 11: signed-in pages).
//
// React Router hands each loader its own copy of the request (without the `.data` suffix and its
// routing parameters), so a memo keyed by the Request object misses in every loader: a seller's
// dashboard looked the session up four times (each a signed-cookie check and two statements) and the
// user and profile three times. The root middleware `requestMemoMiddleware` opens a scope around a
// read's loaders (GET and HEAD: an action may sign in or out, after which what it read is stale), and
// `perRequest` keeps each value there. Outside such a scope (tests calling a loader, actions), values
// are kept per Request object, as before.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareFunction } from 'react-router'

const READ_METHODS = new Set(['GET', 'HEAD'])
/** GET or HEAD: a request that reads, whose loaders share what `perRequest` loads. */
export const isRead = (request: Request) => READ_METHODS.has(request.method)

type Memo = Map<string, Promise<unknown>>
const scope = new AsyncLocalStorage<Memo>()
const byRequest = new WeakMap<Request, Memo>()

/** Root middleware: a read's loaders share what `perRequest` loads. */
export const requestMemoMiddleware: MiddlewareFunction<Response> = ({ request }, next) =>
  isRead(request) ? scope.run(new Map(), next) : next()

/**
 * `load()`'s result for this request under `key`, loaded once. In a read's scope it is shared with
 * every loader of the request; otherwise with calls that pass the same Request object. `readsOnly`
 * keeps nothing for other methods (a session, which an action may end or start).
 */
export function perRequest<T>(request: Request, key: string, load: () => Promise<T>, { readsOnly = false } = {}): Promise<T> {
  const read = isRead(request)
  if (readsOnly && !read) return load()
  let memo = read ? scope.getStore() : undefined
  if (!memo) {
    memo = byRequest.get(request)
    if (!memo) byRequest.set(request, (memo = new Map()))
  }
  let value = memo.get(key) as Promise<T> | undefined
  if (!value) memo.set(key, (value = load()))
  return value
}
