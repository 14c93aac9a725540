import { createHmac, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { createCookie, type Cookie } from 'react-router'
import { products, productViews } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { env } from '~/lib/env.server'
import { appSecret } from '~/lib/secret.server'

/** Anonymous visitors are told apart by a random id in this cookie; the database only sees its keyed hash. */
export const VISITOR_COOKIE = 'setu_visitor'
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/

let cookie: Cookie | undefined
/** Long-lived, httpOnly, SameSite=Lax; Secure under an https APP_URL. Built on first use, after the environment is read. */
function visitorCookie(): Cookie {
  cookie ??= createCookie(VISITOR_COOKIE, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    maxAge: 60 * 60 * 24 * 365,
    secure: /^https:\/\//i.test(env().APP_URL ?? ''),
  })
  return cookie
}

/** Who is looking: the signed-in user (with their profile, to leave out owners), or null for a visitor. */
export type Viewer = { userId: string; profileId: string | null } | null

export type ViewOutcome = {
  /** A new view was stored and the product's view_count went up by one. */
  counted: boolean
  /** Set-Cookie value when this request was given a new anonymous visitor id. */
  setCookie: string | null
}

const NOT_COUNTED: ViewOutcome = { counted: false, setCookie: null }

/**
 * Why a request is not a view: no User-Agent, a bot, or a browser prefetch (a card hovered, a page
 * prerendered), which is not someone looking at the page. Null when it is a view.
 */
function notAView(request: Request): string | null {
  if (request.method !== 'GET') return 'method'
  const userAgent = request.headers.get('User-Agent')
  if (!userAgent?.trim()) return 'no user agent'
  if (isbot(userAgent)) return 'bot'
  const purpose = ['Sec-Purpose', 'Purpose', 'X-Moz'].map((h) => request.headers.get(h) ?? '').join(' ')
  if (/prefetch|prerender/i.test(purpose)) return 'prefetch'
  return null
}

/** The visitor key stored in product_views: an HMAC of the user id or visitor id, never the id itself. */
export function visitorKey(source: { userId: string } | { visitorId: string }): string {
  const subject = 'userId' in source ? `user:${source.userId}` : `visitor:${source.visitorId}`
  return createHmac('sha256', appSecret()).update(`product-view\n${subject}`).digest('base64url')
}

/** YYYY-MM-DD of `now` in UTC: views are counted once per visitor per UTC day. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10)

/**
 * Counts one view of a public product per visitor per UTC day (spec: product views, for real).
 * The insert into product_views and the view_count increment are one statement: the increment only
 * happens when the insert did insert, so concurrent identical requests count once. Bots, prefetches,
 * requests without a User-Agent and the product's own seller are not counted. Never throws: a
 * failure is logged and the page renders as usual.
 */
export async function recordProductView(
  request: Request,
  product: { id: string; sellerId: string },
  viewer: Viewer,
  now: Date = new Date(),
): Promise<ViewOutcome> {
  try {
    if (notAView(request)) return NOT_COUNTED
    if (viewer?.profileId && viewer.profileId === product.sellerId) return NOT_COUNTED

    let setCookie: string | null = null
    let source: { userId: string } | { visitorId: string }
    if (viewer) {
      source = { userId: viewer.userId }
    } else {
      const fromCookie: unknown = await visitorCookie().parse(request.headers.get('Cookie'))
      let visitorId = typeof fromCookie === 'string' && VISITOR_ID.test(fromCookie) ? fromCookie : null
      if (!visitorId) {
        visitorId = randomBytes(16).toString('base64url')
        setCookie = await visitorCookie().serialize(visitorId)
      }
      source = { visitorId }
    }

    try {
      const result = await getDb().execute(sql`
        with inserted as (
          insert into ${productViews} (product_id, visitor_key, day)
          values (${product.id}, ${visitorKey(source)}, ${utcDay(now)})
          on conflict do nothing
          returning product_id
        )
        update ${products} set view_count = view_count + 1
        where id in (select product_id from inserted)
        returning id`)
      return { counted: result.rows.length > 0, setCookie }
    } catch (err) {
      console.error('[setu] could not record a product view', err)
      // The visitor still gets their id, so tomorrow's view is theirs.
      return { counted: false, setCookie }
    }
  } catch (err) {
    console.error('[setu] could not record a product view', err)
    return NOT_COUNTED
  }
}
