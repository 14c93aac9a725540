// Request body caps for the production Express server (server/start.mjs): a declared length over its
// route's cap gets a translated 413, an unknown length 411, answered after the body (edge-refusal.server.ts).
import type { Request as ExpressRequest, RequestHandler } from 'express'
import { UUID_SOURCE } from '../domain'
import { FORM_BODY_BYTES } from '../domain/uploads'
import { formatNumber } from './format'
import { readerOf, type Language } from './i18n'
import { endAfterBody, refuseAfterBody, translateForRequest } from './edge-refusal.server'

/** Default cap for every request body (forms, API calls); routes with files declare their own in `limits`. */
export const DEFAULT_BODY_LIMIT = FORM_BODY_BYTES

/** Parses BODY_LIMIT_KB (unset: 64) into bytes; anything but a whole number of KiB from 1 to 10240 throws. */
export function parseBodyLimit(raw: string | undefined): number {
  const value = (raw ?? '').trim()
  if (value === '') return DEFAULT_BODY_LIMIT
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10_240) return Number(value) * 1024
  throw new Error(`BODY_LIMIT_KB="${value}" is not accepted. Set the largest form or API body in KiB, from 1 to 10240 (default 64).`)
}

// A path segment that is a UUID: a limit keyed '/messages/:id' covers every conversation.
const UUID_SEGMENT = new RegExp(`/${UUID_SOURCE}(?=/|$)`, 'g')

function routePath(req: ExpressRequest): string {
  // React Router matches paths case-insensitively and serves client-side submissions at <path>.data.
  return req.path.toLowerCase().replace(/\.data$/, '').replace(/\/+$/, '') || '/'
}

// The refusal goes to whoever sent the upload, known only by language: that language's reader.
function formatBytes(bytes: number, lng: Language): string {
  const mb = bytes >= 1024 * 1024
  return formatNumber(bytes / (mb ? 1024 * 1024 : 1024), readerOf(lng), { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 0 })
}

type BodyLimitOptions = {
  /** Bytes allowed when no entry in `limits` matches. */
  defaultLimit?: number
  /** Per-path caps (lower-case path without `.data`; `:id` matches a UUID segment) with the message key their 413 uses. */
  limits?: Record<string, { bytes: number; messageKey: string }>
}

/**
 * Caps request bodies before React Router reads them: a declared Content-Length over the cap gets a
 * translated 413, and a body of unknown length (chunked) gets 411, since it could only be checked
 * after handing the stream on. The body is read and discarded first (up to DRAIN_MAX_BYTES), then the
 * answer goes out with `Connection: close`, so that browsers see it.
 */
export function bodyLimit({ defaultLimit = DEFAULT_BODY_LIMIT, limits = {} }: BodyLimitOptions = {}): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length']
    const chunked = req.headers['transfer-encoding'] !== undefined
    if (!chunked && (declared === undefined || Number(declared) === 0)) return next()
    const path = routePath(req)
    const route = limits[path] ?? limits[path.replace(UUID_SEGMENT, '/:id')]
    const max = route?.bytes ?? defaultLimit
    // A file route reads a streamed body itself, with its own limit.
    if ((!chunked && Number(declared) <= max) || (chunked && route)) {
      endAfterBody(req, res)
      return next()
    }

    const status = chunked ? 411 : 413
    const key = chunked ? 'errors:lengthRequired' : (route?.messageKey ?? 'errors:payloadTooLarge')
    // Paused until the answer is known, so nothing of the body is lost before the drain counts it.
    req.pause()
    translateForRequest(req, key, (lng) => ({ limit: formatBytes(max, lng) }))
      .then(({ lng, text }) => refuseAfterBody(req, res, status, lng, text))
      .catch(next)
  }
}
