import { securityEvents, type SecurityEventType } from '../../db/schema'
import { CLIENT_IP_HEADER } from './auth.server'
import { getDb, type Db } from './db.server'

export type { SecurityEventType } from '../../db/schema'

export type SecurityEventInput = {
  type: SecurityEventType
  /** The account concerned, when known. */
  userId?: string | null
  /** The email as typed, for attempts on accounts that may not exist. */
  email?: string | null
  /** The request that caused it: its client address and user agent are recorded. */
  request?: Request
  details?: Record<string, string | number | boolean | null>
}

/** Client address the server recorded for this request (never a header the client chose). */
export function clientIp(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER)?.slice(0, 64) || null
}

/**
 * Appends one row to the security event log (sign-ins, failures, lockouts, password changes and
 * resets, KYC document opens). Pass `tx` to write it in the caller's transaction.
 */
export async function recordSecurityEvent(event: SecurityEventInput, tx: Db = getDb()): Promise<void> {
  await tx.insert(securityEvents).values({
    type: event.type,
    userId: event.userId ?? null,
    email: event.email ? event.email.trim().toLowerCase().slice(0, 254) : null,
    ipAddress: event.request ? clientIp(event.request) : null,
    userAgent: event.request?.headers.get('User-Agent')?.slice(0, 500) ?? null,
    details: event.details ?? null,
  })
}
