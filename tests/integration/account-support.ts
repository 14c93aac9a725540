// Runs route loaders and actions the way React Router does (after the i18n middleware) and reads
// what they answered, for the account/KYC integration tests.
import { RouterContextProvider } from 'react-router'
import { i18nextMiddleware } from '~/lib/i18next.server'
import { getToast } from '~/lib/toast.server'

type AnyHandler = (args: never) => unknown

export type RouteOutcome = {
  /** HTTP status the user would get. */
  status: number
  /** Loader/action data (for data() / plain objects). */
  data: unknown
  /** The Response for redirects and resource routes. */
  response: Response | null
  location: string | null
  /** The answer's headers (a Response's, or those data() was given). */
  headers: Headers
}

function toOutcome(value: unknown): RouteOutcome {
  if (value instanceof Response) {
    return { status: value.status, data: null, response: value, location: value.headers.get('Location'), headers: value.headers }
  }
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit') {
    const d = value as { data: unknown; init: ResponseInit | null }
    return { status: d.init?.status ?? 200, data: d.data, response: null, location: null, headers: new Headers(d.init?.headers) }
  }
  return { status: 200, data: value, response: null, location: null, headers: new Headers() }
}

/** Calls a loader or action with a request to `path` (GET, or POST with `body`) as the cookie's user. */
export async function callRoute(
  handler: AnyHandler,
  path: string,
  opts: { cookie?: string | null; body?: BodyInit; headers?: Record<string, string>; method?: string; params?: Record<string, string> } = {},
): Promise<RouteOutcome> {
  const headers = new Headers(opts.headers)
  if (opts.cookie) headers.set('Cookie', opts.cookie)
  const request = new Request(`http://localhost:3000${path}`, {
    method: opts.method ?? (opts.body ? 'POST' : 'GET'),
    headers,
    body: opts.body,
  })
  const context = new RouterContextProvider()
  let outcome: RouteOutcome | undefined
  await i18nextMiddleware({ request, context, params: {}, pattern: '' } as never, async () => {
    try {
      outcome = toOutcome(await handler({ request, context, params: opts.params ?? {} } as never))
    } catch (thrown) {
      outcome = toOutcome(thrown)
    }
    return new Response(null)
  })
  return outcome!
}

/** Form data from a plain object. */
export function form(fields: Record<string, string | Blob>) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  return fd
}

/** The toast a redirect flashed, as the next page would read it. */
export async function toastOf(response: Response | null) {
  const cookie = response?.headers.getSetCookie().find((c) => c.startsWith('setu_toast='))
  if (!cookie) return null
  const { toast } = await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie.split(';')[0] } }))
  return toast
}
