// Dispatches real requests through the production build in-process, the way server/start.mjs does
// (root middleware, loaders, actions, SSR), against the test file's database from tests/setup-db.ts.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, isRouteErrorResponse, type ServerBuild } from 'react-router'

export const ORIGIN = 'http://localhost:3000'
const BUILD = path.resolve(__dirname, '../../build/server/index.js')

let handler: ((request: Request) => Promise<Response>) | undefined
let build: ServerBuild | undefined

/** The production server build (build/server/index.js); fails with a hint when it was not built. */
export async function loadBuild(): Promise<ServerBuild> {
  if (build) return build
  if (!fs.existsSync(BUILD)) throw new Error('run `npm run build` first: the access matrix and fuzz tests drive build/server/index.js')
  // The build bootstraps the database on its first request: the test database is already open,
  // and demo data would make the fingerprints and the matrix depend on the seed.
  process.env.SEED_DEMO_DATA = 'false'
  build = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as ServerBuild
  handler = createRequestHandler(build, 'production')
  return build
}

export type Call = {
  method?: 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE'
  cookie?: string | null
  /** Form body: URLSearchParams (urlencoded), FormData (multipart) or a raw string. */
  body?: BodyInit | null
  headers?: Record<string, string>
  /** Same-origin Origin header on unsafe methods (what a browser sends from our own form); default true. */
  sameOrigin?: boolean
}

/** Sends one request to the app (path with query) and returns the Response. */
export async function dispatch(pathWithQuery: string, call: Call = {}): Promise<Response> {
  await loadBuild()
  const method = call.method ?? (call.body != null ? 'POST' : 'GET')
  const headers = new Headers(call.headers)
  headers.set('x-setu-client-ip', headers.get('x-setu-client-ip') ?? '127.0.0.1')
  if (call.cookie) headers.set('Cookie', call.cookie)
  if (method !== 'GET' && method !== 'HEAD' && (call.sameOrigin ?? true) && !headers.has('Origin')) headers.set('Origin', ORIGIN)
  const request = new Request(`${ORIGIN}${pathWithQuery}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : call.body ?? undefined })
  return handler!(request)
}

/**
 * The response body as text. A server-sent-events stream (/messages/events) never ends by itself: its
 * first chunk (sent at once) is read and the stream cancelled, as a browser leaving the page would.
 */
export async function readBody(response: Response): Promise<string> {
  if (!response.headers.get('Content-Type')?.startsWith('text/event-stream') || !response.body) return response.text()
  const reader = response.body.getReader()
  try {
    const { value } = await reader.read()
    return value ? new TextDecoder().decode(value) : ''
  } finally {
    await reader.cancel().catch(() => {})
  }
}

type RouteConfigEntry = { id?: string; file: string; children?: RouteConfigEntry[] }

/** Route ids declared in app/routes.ts (as React Router derives them: the file path without extension). */
export async function declaredRouteIds(): Promise<string[]> {
  const { default: config } = (await import('../../app/routes')) as { default: RouteConfigEntry[] }
  const ids: string[] = []
  const walk = (entries: RouteConfigEntry[]) => {
    for (const e of entries) {
      ids.push(e.id ?? e.file.replace(/\.[jt]sx?$/, ''))
      if (e.children) walk(e.children)
    }
  }
  walk(config)
  return ids
}

/** Route ids in the build's manifest, without the root layout. */
export async function builtRouteIds(): Promise<string[]> {
  const { routes } = await loadBuild()
  return Object.keys(routes).filter((id) => id !== 'root')
}

/** React Router's own origin check, which refuses (400) a post whose Origin is not a URL, and logs it. */
const ROUTER_ORIGIN_CHECK = /^`origin` header is not a valid URL|does not match `origin` header from a forwarded action request|^Bad Request$/

/** Whether console.error arguments are React Router logging an expected refusal (a 4xx route error, its origin check). */
export function isRouterRefusalLog(args: unknown[]): boolean {
  if (args.length !== 1) return false
  const [value] = args
  if (isRouteErrorResponse(value)) return value.status < 500
  return value instanceof Error && ROUTER_ORIGIN_CHECK.test(value.message)
}
