// How the edge refuses a request so that browsers see the answer: the body is read and discarded first
// (within bounds), then the translated text goes out with Connection: close (413, 411, 400).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request as ExpressRequest } from 'express'
import type { Language } from './i18n'
import { createFixedInstance, detectLanguage } from './i18next.server'

/**
 * A body over its cap is still read, and thrown away, up to this many bytes before the 413 goes out:
 * a browser reads the answer only once it has sent its whole body, and sees a connection reset when
 * the server closes the connection on a body still arriving. 64 MB covers every body a page of the app
 * can send (the largest cap is 52 MB); past it the answer is sent and the connection closed.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024
// ...and for at most this long: 20 MB take about 110 s at 1.5 Mbit/s (a slow mobile link).
const DRAIN_MAX_MS = 120_000

/** The request's language (cookie, then Accept-Language) and the text of `key` in it, for an answer sent before any page. */
export async function translateForRequest(req: ExpressRequest, key: string, values: (lng: Language) => Record<string, string>) {
  const headers = new Headers()
  if (req.headers.cookie) headers.set('Cookie', req.headers.cookie)
  if (req.headers['accept-language']) headers.set('Accept-Language', req.headers['accept-language'])
  const lng = await detectLanguage(new Request(new URL(req.originalUrl, 'http://localhost'), { headers }))
  const i18n = await createFixedInstance(lng)
  return { lng, text: i18n.t(key, values(lng)) }
}

/**
 * Reads and discards the rest of the body, then calls `done` once: `complete` is true when the body
 * ended, false when it went past DRAIN_MAX_BYTES or DRAIN_MAX_MS (reading then stops) or failed.
 */
function drain(req: IncomingMessage, done: (complete: boolean) => void = () => {}) {
  let drained = 0
  let finished = false
  const finish = (complete: boolean) => {
    if (finished) return
    finished = true
    clearTimeout(timer)
    req.off('data', onData)
    if (!complete) req.pause()
    done(complete)
  }
  const onData = (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_MAX_BYTES) finish(false)
  }
  const timer = setTimeout(() => finish(false), DRAIN_MAX_MS)
  timer.unref()
  if (req.complete) return finish(true)
  req.on('data', onData)
  req.once('end', () => finish(true))
  req.once('error', () => finish(false))
  req.once('close', () => finish(req.complete))
  req.resume()
}

/**
 * Answers a request whose body is refused: reads and discards the body first (up to the bounds above),
 * then sends the translated text with `Connection: close` and closes the connection. A browser sees the
 * answer instead of a reset; a body past the bounds gets the answer and the connection is closed on it.
 */
export function refuseAfterBody(req: IncomingMessage, res: ServerResponse, status: number, lng: string, text: string) {
  drain(req, (complete) => {
    if (res.headersSent || res.destroyed) return
    res.statusCode = status
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    res.setHeader('Content-Language', lng)
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Connection', 'close')
    const body = Buffer.from(text)
    res.setHeader('Content-Length', body.length)
    res.end(body)
    // The rest of a body past the bounds is not read: the connection goes once the answer is out.
    if (!complete) res.once('finish', () => req.socket.destroy())
  })
}

// A route may answer without reading its body (a redirect to the login page, a 403), or stop reading it
// (a file over its limit): the connection would then be reset under a browser still uploading, which
// shows an error page instead of the answer. Once a route ends its answer nobody reads the body any
// more, so the rest is read and discarded like a 413's, and only then is the answer ended.
export function endAfterBody(req: IncomingMessage, res: ServerResponse) {
  const end = res.end
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    res.end = end
    if (req.complete || req.destroyed) return (end as (...a: unknown[]) => ServerResponse).apply(this, args)
    req.removeAllListeners('data')
    drain(req, (complete) => {
      ;(end as (...a: unknown[]) => ServerResponse).apply(this, args)
      if (!complete) res.once('finish', () => req.socket.destroy())
    })
    return this
  } as typeof res.end
}
