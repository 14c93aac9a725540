import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { NonceContext } from '~/lib/csp'
import { CSP_NONCE_HEADER } from '~/lib/http-security.server'
import { getI18n } from '~/lib/i18next.server'
import { DISPUTE_MAX_REQUEST_BYTES } from '~/modules/disputes/enums'
import { KYC_MAX_REQUEST_BYTES } from '~/modules/kyc/files.server'
import { SEND_MAX_REQUEST_BYTES } from '~/modules/messaging/enums'
import { PRODUCT_IMAGE_MAX_REQUEST_BYTES } from '~/modules/products/images.server'

export { ensureBootstrapped as bootstrap, shutdown } from '~/lib/startup.server'
export { bodyLimit, hostCheck, noStoreForSessions, parseBodyLimit, parseTrustProxy, routeHeadersWin, securityHeaders } from '~/lib/http-security.server'

/**
 * Routes whose bodies server/start.mjs caps differently from the default: the two forms with a KYC file
 * keep its limit, product image uploads theirs, a message thread five 10 MB attachments (`:id` stands for
 * a UUID path segment).
 */
export const bodyLimits = {
  '/kyc-upload': { bytes: KYC_MAX_REQUEST_BYTES, messageKey: 'kyc:errors.tooLarge' },
  '/register': { bytes: KYC_MAX_REQUEST_BYTES, messageKey: 'kyc:errors.tooLarge' },
  '/dashboard/products/images': { bytes: PRODUCT_IMAGE_MAX_REQUEST_BYTES, messageKey: 'products:images.errors.tooLarge' },
  '/messages/:id': { bytes: SEND_MAX_REQUEST_BYTES, messageKey: 'messages:errors.requestTooLarge' },
  '/orders/:id/dispute': { bytes: DISPUTE_MAX_REQUEST_BYTES, messageKey: 'disputes:errors.requestTooLarge' },
}

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  // remix-i18next's middleware does not run when no route matched (404): fall back to a fresh instance.
  const i18n = await getI18n(request, routerContext)
  // Set by server/start.mjs for every request; absent under `react-router dev`, which sends no CSP.
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || entryContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough()
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

/** Logs unexpected server errors once; users see the translated error boundary, never a stack. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
