import { Transform, type TransformCallback } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import appCss from './app.css?url'
import { InlineStylesheetContext } from '~/components/app-stylesheet'
import { DISPUTE_EVIDENCE, KYC_DOCUMENT, MESSAGE_ATTACHMENT, PAYMENT_PROOF, PRODUCT_IMAGE, RATES_CSV } from '~/domain/uploads'
import { UUID_SOURCE } from '~/domain'
import { NonceContext } from '~/lib/csp'
import { CSP_NONCE_HEADER } from '~/lib/csp-nonce-header.server'
import { getI18n } from '~/lib/i18next.server'
import { inlineStylesheet } from '~/lib/inline-stylesheet.server'
import { pageCache } from '~/lib/page-cache.server'
import { recordProductView, utcDay, VISITOR_COOKIE } from '~/modules/catalog/index.server'

export { beginShutdown, ensureBootstrapped as bootstrap, shutdown } from '~/startup.server'
export { bodyLimit, parseBodyLimit } from '~/lib/body-limit.server'
export { hostCheck } from '~/lib/host-check.server'
export { noStoreForSessions, routeHeadersWin, securityHeaders } from '~/lib/security-headers.server'
export { parseTrustProxy } from '~/lib/trust-proxy.server'
export { configurePageCache, PAGE_CACHE_TTL_MS, parsePageCacheSize, startPageCacheListener, stopPageCacheListener } from '~/lib/page-cache.server'
export { staticFilesOnly } from '~/lib/static-files.server'
export { configureReferenceCache } from '~/lib/reference-cache.server'

const PRODUCT_PAGE = new RegExp(`^/products/(${UUID_SOURCE})(?:\\.data)?$`, 'i')
const VISITOR = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([^;]+)`)
// Views this process has already recorded today (visitor cookie, product): one view per visitor, product
// and day, so a returning visitor's repeat view would be a no-op write; it is not sent to the database.
const recordedViews = new Set<string>()
const RECORDED_VIEWS_MAX = 100_000

/**
 * The public page cache for server/start.mjs (ADR 016). A product page served from it still counts
 * the visitor's view (and gives a new visitor their id), as its loader would have: anonymous, so no
 * owner to leave out, and only when the product's route is among those asked for.
 */
export function publicPageCache(render: (request: Request) => Promise<Response>) {
  return pageCache(render, {
    onServe: async (url, fetchRequest) => {
      const id = PRODUCT_PAGE.exec(url.pathname)?.[1]
      const routes = url.searchParams.get('_routes')
      if (!id || (routes !== null && !routes.split(',').includes('routes/public/product'))) return []
      const request = fetchRequest()
      const visitor = VISITOR.exec(request.headers.get('Cookie') ?? '')?.[1]
      const seen = visitor ? `${utcDay(new Date())}|${id.toLowerCase()}|${visitor}` : null
      if (seen && recordedViews.has(seen)) return []
      const view = await recordProductView(request, { id: id.toLowerCase(), sellerId: '' }, null)
      if (seen && !view.setCookie) {
        if (recordedViews.size >= RECORDED_VIEWS_MAX) recordedViews.clear()
        recordedViews.add(seen)
      }
      return view.setCookie ? [view.setCookie] : []
    },
  })
}

/**
 * Routes whose bodies server/start.mjs caps differently from the default: the two forms with a KYC file
 * keep its limit, product image uploads theirs, a message thread five 10 MB attachments (`:id` stands for
 * a UUID path segment), the exchange rates page its CSV's.
 */
export const bodyLimits = {
  '/kyc-upload': { bytes: KYC_DOCUMENT.maxRequestBytes, messageKey: KYC_DOCUMENT.errors.tooLarge },
  '/register': { bytes: KYC_DOCUMENT.maxRequestBytes, messageKey: KYC_DOCUMENT.errors.tooLarge },
  '/dashboard/products/images': { bytes: PRODUCT_IMAGE.maxRequestBytes, messageKey: PRODUCT_IMAGE.errors.tooLarge },
  '/messages/:id': { bytes: MESSAGE_ATTACHMENT.maxRequestBytes, messageKey: 'messages:errors.requestTooLarge' },
  '/orders/:id/dispute': { bytes: DISPUTE_EVIDENCE.maxRequestBytes, messageKey: 'disputes:errors.requestTooLarge' },
  // A payment milestone's form (issue 29): the proof of payment and the bank reference.
  '/orders/:id/milestones/:id': { bytes: PAYMENT_PROOF.maxRequestBytes, messageKey: PAYMENT_PROOF.errors.tooLarge },
  '/admin/rates': { bytes: RATES_CSV.maxRequestBytes, messageKey: RATES_CSV.errors.tooLarge },
}

export const streamTimeout = 5_000

/** Bytes the HTML stream writes in place of a marker React rendered (the inline stylesheet). */
export type Splice = { marker: Buffer; bytes: Buffer }

/**
 * The HTML stream between React and the response. React writes a page in 4 KB pieces, and each piece
 * went through this stream, the web stream React Router wraps around it and the socket on its own: a
 * 70 KB page was about twenty writes to the socket, 10 % of its CPU time on PostgreSQL (issue 11).
 * This stream holds the pieces until React flushes (it calls `flush()` after each pass of rendering,
 * as it does for compression streams) and passes them on as one chunk. Streaming is unchanged: the
 * shell leaves when React has written it, each Suspense boundary when React flushes it.
 *
 * With a splice, the first occurrence of its marker is replaced by its bytes (the inline stylesheet,
 * app/lib/inline-stylesheet.server.ts); React writes the marker whole within one pass, so it is never
 * split between two chunks of this stream.
 */
export class FlushCoalescingStream extends Transform {
  private pieces: Buffer[] = []
  private splice: Splice | null

  constructor(splice: Splice | null = null) {
    super()
    this.splice = splice
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pieces.push(chunk)
    callback()
  }

  /** Called by React after each pass: sends what it wrote since the last one. */
  flush() {
    if (this.pieces.length === 0) return
    let chunk = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces)
    this.pieces = []
    if (this.splice) {
      const { marker, bytes } = this.splice
      const at = chunk.indexOf(marker)
      if (at !== -1) {
        chunk = Buffer.concat([chunk.subarray(0, at), bytes, chunk.subarray(at + marker.length)])
        this.splice = null
      }
    }
    this.push(chunk)
  }

  override _flush(callback: TransformCallback) {
    this.flush()
    callback()
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  // The i18n middleware does not run when no route matched (404): getI18n falls back to the detected
  // language. The language's shared instance (i18next.server.ts) is seen through a per-request object: react-i18next
  // copies the own properties of the instance it is given in every useTranslation call, which for the
  // instance itself is dozens of descriptors per component; an empty object inheriting from it costs nothing,
  // and anything rendering writes lands on it instead of the shared instance.
  const i18n = Object.create(await getI18n(request, routerContext)) as Awaited<ReturnType<typeof getI18n>>
  // Set by server/start.mjs for every request; absent under `react-router dev`, which sends no CSP.
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined
  // Production builds send the stylesheet inside the page (app/components/app-stylesheet.tsx): React
  // renders a marker, the HTML stream writes the stylesheet's bytes in its place.
  const sheet = import.meta.env.PROD ? inlineStylesheet(appCss) : null
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const waitForAll = Boolean((userAgent && isbot(userAgent)) || entryContext.isSpaMode)
    const respond = () => {
      shellRendered = true
      const body = new FlushCoalescingStream(sheet && { marker: sheet.markerBytes, bytes: sheet.bytes })
      const stream = createReadableStreamFromReadable(body)
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      pipe(body)
    }

    // Stops a render still waiting for data. Cleared once everything is rendered: left pending, the
    // timer kept the finished render (request, router context, loader data) reachable for six
    // seconds, several hundred pages under load (issue 11).
    const timeout = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={sheet?.marker ?? null}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        // The style nonce lets React write the inline stylesheet (AppStylesheet) under the CSP's style-src.
        nonce: nonce === undefined ? undefined : { script: nonce, style: nonce },
        onShellReady() {
          if (!waitForAll) respond()
        },
        onAllReady() {
          clearTimeout(timeout)
          if (waitForAll) respond()
        },
        onShellError(error: unknown) {
          clearTimeout(timeout)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

/** Logs unexpected server errors once; users see the translated error boundary, never a stack. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
