// The access matrix: for every route in app/routes.ts, what each kind of visitor gets from a GET and
// from a POST. tests/integration/access-matrix.test.ts fails when a route has no entry here, so a
// new route cannot ship without a decision about who may open it. How to add one: tests/README.md.
import { ACTORS, type Actor } from './actors'
import type { Fixtures } from './fixtures'
import { makeFile, pngBytes } from '../factories/files'
import { termsForm } from '../support/payment-terms'

/** What a request must answer: a status, or a status with the redirect target or a text on the page. */
export type Expected =
  | number
  | {
      status: number
      /** Exact Location header of a redirect. */
      location?: string
      /** Text the body must contain (tells apart pages that all answer 200, such as access gates). */
      contains?: string
      /** Text the body must not contain. */
      lacks?: string
    }

/**
 * Expectations by actor. Groups expand to several actors; a named actor wins over its group.
 * `anonymous`: visitor, unverified and suspended users (the app shows all three what it shows a
 * visitor), except that where a visitor is sent to sign in (`toLogin`), the unverified user is sent to
 * verify their email instead (`TO_VERIFY`, spec §8; expandRule does this);
 * `signedIn`: incomplete (no profile yet), buyer and both sellers; `sellers`: both sellers.
 */
export type Rule = Partial<Record<Actor | 'anonymous' | 'signedIn' | 'sellers', Expected>>

export type Case = {
  /** How the path reads in the test name, when it is built from fixtures. */
  label?: string
  path: string | ((f: Fixtures) => string)
  /** POST body (built from the fixtures when it needs a real id); an empty form when left out. */
  body?: (f: Fixtures) => BodyInit
  headers?: Record<string, string>
  /** Use the actor's spare session: this request ends the session it is sent with. */
  endsSession?: boolean
  expect: Rule
}

export type RouteRules = { GET: Case[]; POST: Case[] }

const GROUPS: Record<'anonymous' | 'signedIn' | 'sellers', readonly Actor[]> = {
  anonymous: ['visitor', 'unverified', 'suspended'],
  signedIn: ['incomplete', 'buyer', 'pendingSeller', 'approvedSeller'],
  sellers: ['pendingSeller', 'approvedSeller'],
}

/** Spec §8: a session whose email is not verified goes to the verification page (with the catalogue's message). */
export const TO_VERIFY: Expected = { status: 302, location: '/verify-email' }
const isToLogin = (e: Expected) => typeof e === 'object' && e.status === 302 && !!e.location?.startsWith('/login?redirectTo=')

/** Expands a rule to one expectation per actor; throws when an actor is left without one. */
export function expandRule(rule: Rule): Record<Actor, Expected> {
  const out: Partial<Record<Actor, Expected>> = {}
  for (const group of ['anonymous', 'signedIn', 'sellers'] as const) {
    const e = rule[group]
    if (e !== undefined) for (const a of GROUPS[group]) out[a] = a === 'unverified' && isToLogin(e) ? TO_VERIFY : e
  }
  for (const a of ACTORS) if (rule[a] !== undefined) out[a] = rule[a]
  const missing = ACTORS.filter((a) => out[a] === undefined)
  if (missing.length) throw new Error(`access matrix rule has no expectation for: ${missing.join(', ')}`)
  return out as Record<Actor, Expected>
}

const everyone = (e: Expected): Rule => ({ anonymous: e, signedIn: e })
const toLogin = (from: string): Expected => ({ status: 302, location: `/login?redirectTo=${encodeURIComponent(from)}` })
const home: Expected = { status: 302, location: '/' }
/** Spec §2: a signed-in user without a profile sees this form in place of every page. */
const PROFILE_FORM = 'Complete Your Profile'
/** A heading of the buyer's overview (issue 26 item 6). */
const BUYER_OVERVIEW = 'Quotes waiting for your answer'
/** A route without an action: React Router refuses the POST. */
const NO_ACTION = 405

/** A page anyone may read that has no action. */
function publicPage(path: string): RouteRules {
  return { GET: [{ path, expect: everyone(200) }], POST: [{ path, expect: everyone(NO_ACTION) }] }
}

const jsonBody = (value: unknown) => () => JSON.stringify(value)
const JSON_HEADERS = { 'Content-Type': 'application/json' }

/** The RFQ board's quote action: only a KYC-approved seller quotes, once (the buyer's RFQ prefers "Both"). */
const quoteBody = (rfqId: string) =>
  new URLSearchParams({ intent: 'quote', rfqId, unitPrice: '120.50', currency: 'USD', minOrderQuantity: '1', incoterm: 'FOB', incotermPlace: 'Novorossiysk', leadTimeDays: '30', validityDays: '30', ...termsForm() })
const QUOTE_CASES: RouteRules['POST'] = [
  {
    label: "/dashboard/rfqs quote on the buyer's RFQ",
    path: '/dashboard/rfqs',
    body: (f) => quoteBody(f.boardRfqId),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, pendingSeller: 403, approvedSeller: { status: 302, location: '/dashboard/rfqs' } },
  },
  {
    label: '/dashboard/rfqs a second live quote',
    path: '/dashboard/rfqs',
    body: (f) => quoteBody(f.boardRfqId),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, pendingSeller: 403, approvedSeller: 409 },
  },
  {
    label: '/dashboard/rfqs quote on a forged id',
    path: '/dashboard/rfqs',
    body: () => quoteBody('00000000-0000-4000-8000-000000000000'),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, pendingSeller: 403, approvedSeller: 404 },
  },
]

/**
 * The RFQ board's Reject on product requests: only the seller a request is addressed to, with a reason,
 * once (then 409); an RFQ addressed to nobody is nobody's to reject (404). Non-sellers are refused first.
 */
const rejectBody = (rfqId: string, reason = 'Out of stock until October.') => new URLSearchParams({ intent: 'reject', rfqId, reason })
const REJECT_CASES: RouteRules['POST'] = [
  {
    label: '/dashboard/rfqs reject an open RFQ addressed to nobody',
    path: '/dashboard/rfqs',
    body: (f) => rejectBody(f.boardRfqId),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, sellers: 404 },
  },
  {
    label: '/dashboard/rfqs reject a product request without a reason',
    path: '/dashboard/rfqs',
    body: (f) => rejectBody(f.productRequestId, ' '),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, sellers: 400 },
  },
  {
    label: '/dashboard/rfqs reject a product request',
    path: '/dashboard/rfqs',
    body: (f) => rejectBody(f.productRequestId),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, pendingSeller: 404, approvedSeller: { status: 302, location: '/dashboard/rfqs' } },
  },
  {
    label: '/dashboard/rfqs reject it again',
    path: '/dashboard/rfqs',
    body: (f) => rejectBody(f.productRequestId),
    expect: { anonymous: toLogin('/dashboard/rfqs'), signedIn: 403, pendingSeller: 404, approvedSeller: 409 },
  },
]

/**
 * The Orders tab's status dialog on the fixture's Pending order: its seller may not skip to Shipped
 * (409); any other seller gets the 404 page; non-sellers are refused first (403). Nothing is written.
 */
const ORDER_TAB_CASES: RouteRules['POST'] = [
  {
    label: '/dashboard/orders Pending → Shipped',
    path: '/dashboard/orders',
    body: (f) => new URLSearchParams({ intent: 'status', orderId: f.orderId, status: 'Shipped', note: 'skipping' }),
    expect: { anonymous: toLogin('/dashboard/orders'), signedIn: 403, pendingSeller: 404, approvedSeller: 409 },
  },
  {
    label: '/dashboard/orders on a forged id',
    path: '/dashboard/orders',
    body: () => new URLSearchParams({ intent: 'status', orderId: '00000000-0000-4000-8000-000000000000', status: 'Accepted' }),
    expect: { anonymous: toLogin('/dashboard/orders'), signedIn: 403, sellers: 404 },
  },
]

export const ACCESS_MATRIX: Record<string, RouteRules> = {
  // public: catalog
  'routes/public/home': publicPage('/'),
  'routes/public/category': {
    GET: [
      { path: '/categories/all', expect: everyone(200) },
      { label: '/categories/:real', path: (f) => `/categories/${f.categoryId}`, expect: everyone(200) },
      { path: '/categories/no-such-category', expect: everyone(404) },
    ],
    POST: [{ label: '/categories/:real', path: (f) => `/categories/${f.categoryId}`, expect: everyone(NO_ACTION) }],
  },
  'routes/public/marketplace': publicPage('/marketplace'),
  'routes/public/marketplace-new': publicPage('/marketplace/new'),
  'routes/public/product': {
    GET: [
      { label: '/products/:real', path: (f) => `/products/${f.productId}`, expect: everyone(200) },
      { path: '/products/00000000-0000-4000-8000-000000000000', expect: everyone(404) },
      { path: '/products/not-a-uuid', expect: everyone(404) },
    ],
    POST: [{ label: '/products/:real', path: (f) => `/products/${f.productId}`, expect: everyone(NO_ACTION) }],
  },
  // Only a seller whose account is active and KYC approved has a page; anyone else is not found, even to themselves.
  'routes/public/seller': {
    GET: [
      { label: '/sellers/:approved', path: (f) => `/sellers/${f.sellerId}`, expect: everyone(200) },
      { label: '/sellers/:pending', path: (f) => `/sellers/${f.hiddenSellerId}`, expect: everyone(404) },
      { path: '/sellers/00000000-0000-4000-8000-000000000000', expect: everyone(404) },
      { path: '/sellers/not-a-uuid', expect: everyone(404) },
    ],
    POST: [{ label: '/sellers/:approved', path: (f) => `/sellers/${f.sellerId}`, expect: everyone(NO_ACTION) }],
  },
  // Uploaded product images: anyone with the URL (a content hash) gets the file; anything else is 404.
  'routes/public/product-media': {
    GET: [
      { label: '/media/products/:uploaded.webp', path: (f) => f.productImagePath, expect: everyone(200) },
      { label: '/media/products/:uploaded-thumb.webp', path: (f) => f.productImagePath.replace('.webp', '-thumb.webp'), expect: everyone(200) },
      { path: `/media/products/${'0'.repeat(64)}.webp`, expect: everyone(404) },
      { path: '/media/products/not-a-key', expect: everyone(404) },
    ],
    POST: [{ label: '/media/products/:uploaded.webp', path: (f) => f.productImagePath, expect: everyone(NO_ACTION) }],
  },
  // public: information
  'routes/public/trade-instructions': publicPage('/trade-instructions'),
  'routes/public/trade-documentation': publicPage('/trade-instructions/documentation'),
  'routes/public/trade-payment': publicPage('/trade-instructions/payment'),
  'routes/public/trade-logistics': publicPage('/trade-instructions/logistics'),
  'routes/public/about': publicPage('/about'),
  'routes/public/contact': publicPage('/contact'),
  'routes/public/terms': publicPage('/terms'),
  'routes/public/privacy': publicPage('/privacy'),
  'routes/public/faq': publicPage('/faq'),
  'routes/public/logistics': publicPage('/logistics'),
  'routes/public/guides': publicPage('/guides'),
  // auth: guest pages send signed-in users home; their actions answer a bad form with 400.
  'routes/auth/login': {
    GET: [{ path: '/login', expect: { anonymous: 200, signedIn: home } }],
    // After the action the page's loader runs again and sends a signed-in user home.
    POST: [{ path: '/login', expect: { anonymous: 400, signedIn: home } }],
  },
  'routes/auth/register': {
    GET: [{ path: '/register', expect: { anonymous: 200, signedIn: home } }],
    POST: [{ path: '/register', expect: { anonymous: 400, signedIn: home } }],
  },
  'routes/auth/verify-email': {
    GET: [
      { path: '/verify-email', expect: everyone(200) },
      {
        path: '/verify-email?token=forged&type=signup',
        expect: { ...everyone({ status: 200, contains: 'Verification Failed' }), incomplete: { status: 200, contains: PROFILE_FORM } },
      },
    ],
    POST: [{ path: '/verify-email', expect: everyone(400) }],
  },
  // Password reset: open to everyone (a signed-in user may have forgotten it too).
  'routes/auth/forgot-password': {
    GET: [{ path: '/forgot-password', expect: everyone(200) }],
    POST: [{ path: '/forgot-password', expect: everyone(400) }],
  },
  'routes/auth/reset-password': {
    GET: [
      { path: '/reset-password', expect: everyone(200) },
      { path: '/reset-password?token=forged', expect: everyone(200) },
    ],
    POST: [{ path: '/reset-password', expect: everyone(400) }],
  },
  'routes/auth/logout': {
    GET: [{ path: '/logout', expect: { anonymous: home, signedIn: 200 } }],
    POST: [{ path: '/logout', endsSession: true, expect: everyone(home) }],
  },
  // admin panel (ADR 012): a separate identity, so every marketplace actor is an admin visitor. The
  // roles × routes matrix with admin sessions is tests/integration/admin-auth.test.ts.
  'routes/admin/index': {
    GET: [{ path: '/admin', expect: everyone({ status: 302, location: '/admin/dashboard' }) }],
    POST: [{ path: '/admin', expect: everyone(NO_ACTION) }],
  },
  'routes/admin/login': {
    GET: [{ path: '/admin/login', expect: everyone({ status: 200, contains: 'Access the administration panel' }) }],
    // An empty form: both fields required, nothing written.
    POST: [{ path: '/admin/login', expect: everyone(400) }],
  },
  'routes/admin/logout': {
    GET: [{ path: '/admin/logout', expect: everyone({ status: 302, location: '/admin/dashboard' }) }],
    POST: [{ path: '/admin/logout', expect: everyone({ status: 302, location: '/admin/login' }) }],
  },
  'routes/admin/dashboard': {
    GET: [{ path: '/admin/dashboard', expect: everyone({ status: 302, location: '/admin/login' }) }],
    POST: [{ path: '/admin/dashboard', expect: everyone(NO_ACTION) }],
  },
  'routes/admin/audit': {
    GET: [{ path: '/admin/audit?action=login', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Faudit%3Faction%3Dlogin' }) }],
    POST: [{ path: '/admin/audit', expect: everyone(NO_ACTION) }],
  },
  // The audit CSV download needs audit:read: every marketplace actor is an admin visitor.
  'routes/admin/audit-export': {
    GET: [{ path: '/admin/audit/export?action=login', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Faudit%2Fexport%3Faction%3Dlogin' }) }],
    POST: [{ path: '/admin/audit/export', expect: everyone(NO_ACTION) }],
  },
  // Analytics and its CSV download need analytics:read: every marketplace actor is an admin visitor.
  'routes/admin/analytics': {
    GET: [{ path: '/admin/analytics?from=2025-01-01&to=2025-03-31', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fanalytics%3Ffrom%3D2025-01-01%26to%3D2025-03-31' }) }],
    POST: [{ path: '/admin/analytics', expect: everyone(NO_ACTION) }],
  },
  'routes/admin/analytics-export': {
    GET: [{ path: '/admin/analytics/export?chart=signups', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fanalytics%2Fexport%3Fchart%3Dsignups' }) }],
    POST: [{ path: '/admin/analytics/export', expect: everyone(NO_ACTION) }],
  },
  // Moderation (reported conversations): deciding a report without an admin session is refused before the form is read.
  'routes/admin/moderation': {
    GET: [{ path: '/admin/moderation?status=reviewed', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fmoderation%3Fstatus%3Dreviewed' }) }],
    POST: [
      {
        label: '/admin/moderation mark a report reviewed',
        path: '/admin/moderation',
        body: () => new URLSearchParams({ decision: 'reviewed', reportId: '00000000-0000-4000-8000-000000000000', note: '' }),
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fmoderation' }),
      },
    ],
  },
  // Exchange rates: entering one without an admin session is refused before the form is read.
  'routes/admin/rates': {
    GET: [{ path: '/admin/rates?page=2', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Frates%3Fpage%3D2' }) }],
    POST: [
      {
        label: '/admin/rates add a rate',
        path: '/admin/rates',
        body: () => new URLSearchParams({ intent: 'add', from: 'USD', to: 'INR', rate: '84.5', effectiveDate: '2026-01-05', source: 'matrix' }),
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Frates' }),
      },
    ],
  },
  'routes/admin/kyc': {
    GET: [{ path: '/admin/kyc?page=2', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fkyc%3Fpage%3D2' }) }],
    // Approving the pending seller without an admin session: refused before the form is read.
    POST: [
      {
        label: '/admin/kyc approve the pending seller',
        path: '/admin/kyc',
        body: (f) => new URLSearchParams({ intent: 'approve', profileId: f.hiddenSellerId }),
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fkyc' }),
      },
    ],
  },
  'routes/admin/kyc-document': {
    GET: [
      // A View KYC link needs an admin session as well as its signature.
      { label: '/admin/kyc/:pending/document', path: (f) => `/admin/kyc/${f.hiddenSellerId}/document?expires=99999999999&sig=forged`, expect: everyone({ status: 302 }) },
      {
        path: '/admin/kyc/00000000-0000-4000-8000-000000000000/document',
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fkyc%2F00000000-0000-4000-8000-000000000000%2Fdocument' }),
      },
    ],
    POST: [{ path: '/admin/kyc/00000000-0000-4000-8000-000000000000/document', expect: everyone(NO_ACTION) }],
  },
  // User Management: every marketplace actor is an admin visitor; suspending a user is refused before the form is read.
  'routes/admin/users': {
    GET: [
      { path: '/admin/users?q=a&status=active', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fusers%3Fq%3Da%26status%3Dactive' }) },
      { label: '/admin/users?user=:pending', path: (f) => `/admin/users?user=${f.hiddenSellerId}`, expect: everyone({ status: 302 }) },
    ],
    POST: [
      {
        label: '/admin/users suspend the pending seller',
        path: '/admin/users',
        body: (f) => new URLSearchParams({ intent: 'status', profileId: f.hiddenSellerId, status: 'suspended' }),
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fusers' }),
      },
    ],
  },
  'routes/admin/disputes': {
    GET: [{ path: '/admin/disputes?status=overdue', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fdisputes%3Fstatus%3Doverdue' }) }],
    POST: [{ path: '/admin/disputes', expect: everyone(NO_ACTION) }],
  },
  'routes/admin/dispute': {
    GET: [
      { label: '/admin/disputes/:id', path: (f) => `/admin/disputes/${f.disputeId}`, expect: everyone({ status: 302 }) },
      { path: '/admin/disputes/00000000-0000-4000-8000-000000000000', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fdisputes%2F00000000-0000-4000-8000-000000000000' }) },
    ],
    // Deciding without an admin session: refused before the form is read, nothing written.
    POST: [
      {
        label: '/admin/disputes/:id decide',
        path: (f) => `/admin/disputes/${f.disputeId}`,
        body: () => new URLSearchParams({ intent: 'decide', decision: 'reject', resolution: 'No.' }),
        expect: everyone({ status: 302 }),
      },
    ],
  },
  'routes/admin/order-document': {
    GET: [
      // A marketplace session is no admin session: the parties download at /orders/:id/documents/:documentId.
      { label: '/admin/orders/:disputed/documents/:documentId', path: (f) => `/admin/orders/${f.disputedOrderId}/documents/${f.tradeDocumentId}`, expect: everyone({ status: 302 }) },
    ],
    POST: [{ path: '/admin/orders/00000000-0000-4000-8000-000000000000/documents/00000000-0000-4000-8000-000000000000', expect: everyone(NO_ACTION) }],
  },
  'routes/admin/dispute-evidence': {
    GET: [
      // An evidence link needs an admin session as well as its signature.
      { label: '/admin/disputes/:id/evidence/:evidenceId', path: (f) => `/admin/disputes/${f.disputeId}/evidence/${f.disputeEvidenceId}?expires=99999999999&sig=forged`, expect: everyone({ status: 302 }) },
    ],
    POST: [{ path: '/admin/disputes/00000000-0000-4000-8000-000000000000/evidence/00000000-0000-4000-8000-000000000000', expect: everyone(NO_ACTION) }],
  },
  'routes/admin/dispute-proof': {
    GET: [
      // A proof of payment link needs an admin session as well as its signature.
      { label: '/admin/disputes/:id/proofs/:milestoneId', path: (f) => `/admin/disputes/${f.disputeId}/proofs/00000000-0000-4000-8000-000000000000?expires=99999999999&sig=forged`, expect: everyone({ status: 302 }) },
    ],
    POST: [{ path: '/admin/disputes/00000000-0000-4000-8000-000000000000/proofs/00000000-0000-4000-8000-000000000000', expect: everyone(NO_ACTION) }],
  },
  // Admin accounts (super_admin) and the admin's own two-factor settings: marketplace actors are admin
  // visitors, refused before the form is read. The second sign-in step without a challenge cookie: back to the password.
  'routes/admin/admins': {
    GET: [{ path: '/admin/admins?page=2', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fadmins%3Fpage%3D2' }) }],
    POST: [
      {
        label: '/admin/admins create a super_admin',
        path: '/admin/admins',
        body: () => new URLSearchParams({ intent: 'create', fullName: 'Intruder', email: 'intruder@example.com', role: 'super_admin', password: 'Harbour-Lantern-2026' }),
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fadmins' }),
      },
    ],
  },
  'routes/admin/security': {
    GET: [{ path: '/admin/security', expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fsecurity' }) }],
    POST: [
      {
        label: '/admin/security turn two-factor off',
        path: '/admin/security',
        body: () => new URLSearchParams({ intent: 'disable', password: 'x', code: '123456' }),
        expect: everyone({ status: 302, location: '/admin/login?redirectTo=%2Fadmin%2Fsecurity' }),
      },
    ],
  },
  'routes/admin/two-factor': {
    GET: [{ path: '/admin/two-factor?method=backup', expect: everyone({ status: 302, location: '/admin/login' }) }],
    POST: [
      {
        label: '/admin/two-factor a code without a challenge',
        path: '/admin/two-factor',
        body: () => new URLSearchParams({ method: 'totp', code: '123456' }),
        expect: everyone({ status: 302, location: '/admin/login' }),
      },
    ],
  },
  // account
  // The header's currency menu (issue 28): anyone may pick; a signed-in user's pick is saved to their
  // profile. A GET or a currency outside the list goes home, nothing written.
  'routes/account/currency': {
    GET: [{ path: '/currency', expect: everyone(home) }],
    POST: [
      { path: '/currency', expect: everyone(home) },
      { label: '/currency EUR back to /marketplace', path: '/currency', body: () => new URLSearchParams({ currency: 'EUR', redirectTo: '/marketplace' }), expect: everyone({ status: 302, location: '/marketplace' }) },
    ],
  },
  'routes/account/profile': {
    GET: [{ path: '/profile', expect: { anonymous: toLogin('/profile'), signedIn: 200 } }],
    POST: [{ path: '/profile', expect: { anonymous: toLogin('/profile'), signedIn: 400 } }],
  },
  // Notifications: every signed-in user with a profile reads their own; opening one marks it read and
  // follows its link. Someone else's notice (the approved seller's, opened by anyone else), a forged
  // id: 404, nothing written. Without a profile the layout shows the profile form and a POST is 404.
  'routes/account/notifications': {
    GET: [
      {
        path: '/notifications',
        expect: {
          anonymous: toLogin('/notifications'),
          incomplete: { status: 200, contains: PROFILE_FORM },
          buyer: { status: 200, contains: 'News about your quotes, negotiations and orders' },
          pendingSeller: { status: 200, contains: 'News about your quotes, negotiations and orders' },
          approvedSeller: { status: 200, contains: 'New order' },
        },
      },
    ],
    POST: [
      { path: '/notifications', expect: { anonymous: toLogin('/notifications'), incomplete: 404, buyer: 400, sellers: 400 } },
      {
        label: '/notifications open :own (the approved seller’s)',
        path: '/notifications',
        body: (f) => new URLSearchParams({ intent: 'open', id: f.notificationId }),
        expect: { anonymous: toLogin('/notifications'), incomplete: 404, buyer: 404, pendingSeller: 404, approvedSeller: 302 },
      },
      {
        label: '/notifications open :forged',
        path: '/notifications',
        body: () => new URLSearchParams({ intent: 'open', id: '00000000-0000-4000-8000-000000000000' }),
        expect: { anonymous: toLogin('/notifications'), signedIn: 404 },
      },
      {
        label: '/notifications read-all',
        path: '/notifications',
        body: () => new URLSearchParams({ intent: 'read-all' }),
        expect: { anonymous: toLogin('/notifications'), incomplete: 404, buyer: { status: 302, location: '/notifications' }, sellers: { status: 302, location: '/notifications' } },
      },
    ],
  },
  'routes/account/complete-profile': {
    GET: [{ path: '/complete-profile', expect: { anonymous: home, signedIn: home, incomplete: 200 } }],
    // A user who already has a profile is sent on (a second submit never creates a second profile).
    POST: [{ path: '/complete-profile', expect: { anonymous: toLogin('/complete-profile'), signedIn: home, incomplete: 400 } }],
  },
  'routes/account/kyc-upload': {
    GET: [
      {
        path: '/kyc-upload',
        expect: {
          anonymous: { status: 200, contains: 'Login Required', lacks: 'Upload Document' },
          unverified: TO_VERIFY,
          signedIn: { status: 200, contains: 'Seller Account Required', lacks: 'Upload Document' },
          incomplete: { status: 200, contains: PROFILE_FORM, lacks: 'Upload Document' },
          // The pending seller has a document (fixtures) and may replace it; approved sellers may not.
          pendingSeller: { status: 200, contains: 'Upload Replacement' },
          approvedSeller: { status: 200, lacks: 'Upload Document' },
        },
      },
    ],
    // An empty form: only a seller who may upload gets as far as "no file".
    POST: [{ path: '/kyc-upload', expect: { anonymous: toLogin('/kyc-upload'), incomplete: 400, buyer: 403, pendingSeller: 400, approvedSeller: 403 } }],
  },
  'routes/account/kyc-document': {
    GET: [
      // Own document: only the pending seller has one.
      { path: '/kyc-document', expect: { anonymous: toLogin('/kyc-document'), signedIn: 404, pendingSeller: 200 } },
      {
        label: '/kyc-document?user=:owner',
        path: (f) => `/kyc-document?user=${f.documentOwnerId}`,
        expect: { anonymous: { status: 302 }, signedIn: 403, pendingSeller: 200 },
      },
      { path: '/kyc-document?user=no-such-user', expect: { anonymous: toLogin('/kyc-document?user=no-such-user'), signedIn: 403 } },
      // A signed link opens the file for whoever holds it, until it expires; a forged one never does.
      { label: '/kyc-document?key&expires&sig (valid)', path: (f) => f.signedDocumentPath, expect: everyone(200) },
      { path: '/kyc-document?key=x%2Fkyc_document.pdf&expires=99999999999&sig=forged', expect: everyone(403) },
    ],
    POST: [{ path: '/kyc-document', expect: everyone(NO_ACTION) }],
  },
  // trade: any signed-in user with a profile may ask for quotes (sellers buy too). Visitors see the
  // 'Login Required' page (spec §2) and their posts go to sign in; only the owner closes an RFQ.
  'routes/trade/create-rfq': {
    GET: [
      {
        path: '/create-rfq',
        expect: {
          anonymous: { status: 200, contains: 'Login Required', lacks: 'name="submissionKey"' },
          unverified: TO_VERIFY,
          incomplete: { status: 200, contains: PROFILE_FORM, lacks: 'name="submissionKey"' },
          buyer: { status: 200, contains: 'name="submissionKey"' },
          sellers: { status: 200, contains: 'name="submissionKey"' },
        },
      },
    ],
    POST: [{ path: '/create-rfq', expect: { anonymous: toLogin('/create-rfq'), signedIn: 400 } }],
  },
  'routes/trade/rfqs': {
    GET: [
      {
        path: '/rfqs',
        expect: { anonymous: toLogin('/rfqs'), incomplete: { status: 200, contains: PROFILE_FORM }, buyer: { status: 200, contains: 'My RFQs' }, sellers: { status: 200, contains: 'My RFQs' } },
      },
    ],
    POST: [
      { path: '/rfqs', expect: { anonymous: toLogin('/rfqs'), signedIn: 400 } },
      {
        label: "/rfqs close the buyer's RFQ",
        path: '/rfqs',
        body: (f) => new URLSearchParams({ intent: 'close', rfqId: f.rfqId }),
        expect: { anonymous: toLogin('/rfqs'), signedIn: 404, buyer: { status: 302, location: '/rfqs' } },
      },
      {
        label: '/rfqs close a forged id',
        path: '/rfqs',
        body: () => new URLSearchParams({ intent: 'close', rfqId: '00000000-0000-4000-8000-000000000000' }),
        expect: { anonymous: toLogin('/rfqs'), signedIn: 404 },
      },
    ],
  },
  // The negotiation on a quote: only the RFQ's buyer and the quoting seller; anyone else gets the 404
  // page and writes nothing. The buyer can never withdraw a seller's quote (403).
  'routes/trade/negotiation': {
    GET: [
      {
        label: '/rfqs/:rfqId/quotes/:quoteId',
        path: (f) => `/rfqs/${f.negotiationRfqId}/quotes/${f.negotiationQuoteId}`,
        expect: {
          anonymous: { status: 302 },
          incomplete: 404,
          pendingSeller: 404,
          buyer: { status: 200, contains: 'Current offer' },
          approvedSeller: { status: 200, contains: 'Current offer' },
        },
      },
      { label: '/rfqs/:forged/quotes/:forged', path: '/rfqs/00000000-0000-4000-8000-000000000000/quotes/00000000-0000-4000-8000-000000000000', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [
      {
        label: '/rfqs/:rfqId/quotes/:quoteId without an intent',
        path: (f) => `/rfqs/${f.negotiationRfqId}/quotes/${f.negotiationQuoteId}`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 400, approvedSeller: 400 },
      },
      {
        label: '/rfqs/:rfqId/quotes/:quoteId withdraw',
        path: (f) => `/rfqs/${f.negotiationRfqId}/quotes/${f.negotiationQuoteId}`,
        body: () => new URLSearchParams({ intent: 'withdraw' }),
        expect: {
          anonymous: { status: 302 },
          incomplete: 404,
          pendingSeller: 404,
          buyer: 403,
          approvedSeller: { status: 302 },
        },
      },
      {
        label: '/rfqs/:forged/quotes/:forged accept',
        path: '/rfqs/00000000-0000-4000-8000-000000000000/quotes/00000000-0000-4000-8000-000000000000',
        body: () => new URLSearchParams({ intent: 'accept' }),
        expect: { anonymous: { status: 302 }, signedIn: 404 },
      },
    ],
  },
  'routes/trade/orders': {
    GET: [
      {
        path: '/orders',
        expect: { anonymous: toLogin('/orders'), incomplete: { status: 200, contains: PROFILE_FORM }, buyer: { status: 200, contains: 'Orders you placed from a product page or by accepting a quote.' }, sellers: { status: 200, contains: 'Orders you placed from a product page or by accepting a quote.' } },
      },
    ],
    POST: [{ path: '/orders', expect: everyone(NO_ACTION) }],
  },
  // One order: only its buyer and its seller; anyone else, a forged or malformed id: the 404 page, nothing
  // written. The fixture order stays Pending: the seller may not skip to Shipped (409), the buyer may
  // only cancel (403).
  'routes/trade/order': {
    GET: [
      {
        label: '/orders/:id',
        path: (f) => `/orders/${f.orderId}`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: { status: 200, contains: 'Timeline' }, approvedSeller: { status: 200, contains: 'Timeline' } },
      },
      { label: '/orders/:forged', path: '/orders/00000000-0000-4000-8000-000000000000', expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:malformed', path: '/orders/not-a-uuid', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [
      { label: '/orders/:id without a status', path: (f) => `/orders/${f.orderId}`, expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 400, approvedSeller: 400 } },
      {
        label: '/orders/:id Pending → Shipped',
        path: (f) => `/orders/${f.orderId}`,
        body: () => new URLSearchParams({ intent: 'status', status: 'Shipped' }),
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 403, approvedSeller: 409 },
      },
      { label: '/orders/:forged cancel', path: '/orders/00000000-0000-4000-8000-000000000000', body: () => new URLSearchParams({ intent: 'cancel' }), expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
  },
  // Place order from the product page (issue 8 item 8): a POST-only resource route. Visitors are sent to
  // sign in and back to the product; refusals (no profile, unknown product, below the minimum, above the
  // stock, own product) write nothing.
  // Messaging (issue 9): the inbox is everyone's own; a conversation, its posts and its files belong to
  // its two participants (the fixture's buyer and approved seller); anyone else, a forged or malformed id:
  // the 404 page, nothing written. "Message" buttons post to /messages/start.
  'routes/messages/inbox': {
    GET: [
      {
        path: '/messages',
        expect: {
          anonymous: toLogin('/messages'),
          incomplete: { status: 200, contains: PROFILE_FORM },
          buyer: { status: 200, contains: 'price-list.pdf' },
          approvedSeller: { status: 200, contains: 'price-list.pdf' },
          pendingSeller: { status: 200, contains: 'No conversations yet' },
        },
      },
      { path: '/messages?q=%25&page=99', expect: { anonymous: toLogin('/messages?q=%25&page=99'), incomplete: 200, buyer: { status: 200, contains: 'No conversations match' }, sellers: 200 } },
    ],
    POST: [{ path: '/messages', expect: everyone(NO_ACTION) }],
  },
  'routes/messages/start': {
    GET: [{ path: '/messages/start', expect: everyone({ status: 302, location: '/messages' }) }],
    POST: [
      { path: '/messages/start', expect: { anonymous: toLogin('/messages'), incomplete: 403, buyer: 404, sellers: 404 } },
      {
        label: '/messages/start about the approved seller’s product',
        path: '/messages/start',
        body: (f) => new URLSearchParams({ subjectType: 'product', subjectId: f.ownProductId }),
        expect: { anonymous: { status: 302 }, incomplete: 403, buyer: { status: 302 }, pendingSeller: { status: 302 }, approvedSeller: 403 },
      },
      {
        label: '/messages/start about the fixture order',
        path: '/messages/start',
        body: (f) => new URLSearchParams({ subjectType: 'order', subjectId: f.orderId }),
        expect: { anonymous: toLogin('/messages'), incomplete: 403, buyer: { status: 302 }, approvedSeller: { status: 302 }, pendingSeller: 404 },
      },
      {
        label: '/messages/start about a forged quote',
        path: '/messages/start',
        body: () => new URLSearchParams({ subjectType: 'quote', subjectId: '00000000-0000-4000-8000-000000000000' }),
        expect: { anonymous: toLogin('/messages'), incomplete: 403, buyer: 404, sellers: 404 },
      },
    ],
  },
  'routes/messages/thread': {
    GET: [
      {
        label: '/messages/:conversationId',
        path: (f) => `/messages/${f.conversationId}`,
        expect: {
          anonymous: { status: 302 },
          incomplete: 404,
          pendingSeller: 404,
          buyer: { status: 200, contains: 'Is the price negotiable for 20 tonnes?' },
          approvedSeller: { status: 200, contains: 'price-list.pdf' },
        },
      },
      { label: '/messages/:forged', path: '/messages/00000000-0000-4000-8000-000000000000', expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/messages/:malformed', path: '/messages/not-a-uuid', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [
      { label: '/messages/:conversationId without an intent', path: (f) => `/messages/${f.conversationId}`, expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 400, approvedSeller: 400 } },
      {
        label: '/messages/:conversationId empty message',
        path: (f) => `/messages/${f.conversationId}`,
        body: () => new URLSearchParams({ intent: 'send', body: ' ', clientKey: crypto.randomUUID() }),
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 400, approvedSeller: 400 },
      },
      {
        label: '/messages/:conversationId send',
        path: (f) => `/messages/${f.conversationId}`,
        body: () => new URLSearchParams({ intent: 'send', body: 'Checking in.', clientKey: crypto.randomUUID() }),
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 200, approvedSeller: 200 },
      },
      {
        label: '/messages/:conversationId read',
        path: (f) => `/messages/${f.conversationId}`,
        body: () => new URLSearchParams({ intent: 'read', seq: '1' }),
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 200, approvedSeller: 200 },
      },
      {
        label: '/messages/:forged send',
        path: '/messages/00000000-0000-4000-8000-000000000000',
        body: () => new URLSearchParams({ intent: 'send', body: 'Hello', clientKey: crypto.randomUUID() }),
        expect: { anonymous: { status: 302 }, signedIn: 404 },
      },
    ],
  },
  'routes/messages/attachment': {
    GET: [
      {
        label: '/messages/:conversationId/attachments/:attachmentId',
        path: (f) => `/messages/${f.conversationId}/attachments/${f.attachmentId}`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 200, approvedSeller: 200 },
      },
      {
        label: '/messages/:forged/attachments/:attachmentId',
        path: (f) => `/messages/00000000-0000-4000-8000-000000000000/attachments/${f.attachmentId}`,
        expect: { anonymous: { status: 302 }, signedIn: 404 },
      },
      { label: '/messages/:malformed/attachments/:malformed', path: '/messages/x/attachments/y', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [{ label: '/messages/:conversationId/attachments/:attachmentId', path: (f) => `/messages/${f.conversationId}/attachments/${f.attachmentId}`, expect: everyone(NO_ACTION) }],
  },
  // Disputes (issue 10 item 7): an order's dispute page, its posts and its evidence belong to the order's
  // two parties (the fixture's buyer and approved seller); anyone else, a forged or malformed id: 404.
  'routes/trade/order-dispute': {
    GET: [
      {
        label: '/orders/:disputed/dispute',
        path: (f) => `/orders/${f.disputedOrderId}/dispute`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: { status: 200, contains: 'Two of the four crates arrived crushed.' }, approvedSeller: { status: 200, contains: 'Two of the four crates arrived crushed.' } },
      },
      { label: '/orders/:forged/dispute', path: '/orders/00000000-0000-4000-8000-000000000000/dispute', expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:malformed/dispute', path: '/orders/not-a-uuid/dispute', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [
      { label: '/orders/:disputed/dispute without an intent', path: (f) => `/orders/${f.disputedOrderId}/dispute`, expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 400, approvedSeller: 400 } },
      {
        label: '/orders/:pending/dispute open',
        path: (f) => `/orders/${f.orderId}/dispute`,
        body: () => new URLSearchParams({ intent: 'open', reason: 'damaged', description: 'Broken.' }),
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 409, approvedSeller: 409 },
      },
    ],
  },
  'routes/trade/dispute-evidence': {
    GET: [
      {
        label: '/orders/:disputed/dispute/evidence/:evidenceId',
        path: (f) => `/orders/${f.disputedOrderId}/dispute/evidence/${f.disputeEvidenceId}`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 200, approvedSeller: 200 },
      },
      { label: '/orders/:forged/dispute/evidence/:evidenceId', path: (f) => `/orders/00000000-0000-4000-8000-000000000000/dispute/evidence/${f.disputeEvidenceId}`, expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:malformed/dispute/evidence/:malformed', path: '/orders/x/dispute/evidence/y', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [{ label: '/orders/:disputed/dispute/evidence/:evidenceId', path: (f) => `/orders/${f.disputedOrderId}/dispute/evidence/${f.disputeEvidenceId}`, expect: everyone(NO_ACTION) }],
  },
  'routes/trade/order-document': {
    GET: [
      {
        label: '/orders/:disputed/documents/:documentId',
        path: (f) => `/orders/${f.disputedOrderId}/documents/${f.tradeDocumentId}`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: { status: 200, contains: '%PDF-' }, approvedSeller: { status: 200, contains: '%PDF-' } },
      },
      { label: '/orders/:other/documents/:documentId', path: (f) => `/orders/${f.orderId}/documents/${f.tradeDocumentId}`, expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:forged/documents/:documentId', path: (f) => `/orders/00000000-0000-4000-8000-000000000000/documents/${f.tradeDocumentId}`, expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:malformed/documents/:malformed', path: '/orders/x/documents/y', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [{ label: '/orders/:disputed/documents/:documentId', path: (f) => `/orders/${f.disputedOrderId}/documents/${f.tradeDocumentId}`, expect: everyone(NO_ACTION) }],
  },
  // Payment milestones (issue 29): a party's move (POST) and the proof of payment (GET), for the order's two
  // parties only; anyone else, a forged or a malformed id: 404. The balance is upcoming, so every POST here
  // is refused and writes nothing: the buyer may never confirm (403), the seller not before it is due (409).
  'routes/trade/order-milestone': {
    GET: [
      {
        label: '/orders/:milestoneOrder/milestones/:upcoming',
        path: (f) => `/orders/${f.milestoneOrderId}/milestones/${f.upcomingMilestoneId}`,
        expect: { anonymous: { status: 302 }, signedIn: { status: 302 } },
      },
    ],
    POST: [
      {
        label: '/orders/:milestoneOrder/milestones/:upcoming confirm',
        path: (f) => `/orders/${f.milestoneOrderId}/milestones/${f.upcomingMilestoneId}`,
        body: () => new URLSearchParams({ intent: 'confirm' }),
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: 403, approvedSeller: 409 },
      },
      { label: '/orders/:forged/milestones/:upcoming confirm', path: (f) => `/orders/00000000-0000-4000-8000-000000000000/milestones/${f.upcomingMilestoneId}`, body: () => new URLSearchParams({ intent: 'confirm' }), expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:malformed/milestones/:malformed', path: '/orders/x/milestones/y', body: () => new URLSearchParams({ intent: 'confirm' }), expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
  },
  'routes/trade/milestone-proof': {
    GET: [
      {
        label: '/orders/:milestoneOrder/milestones/:paid/proof',
        path: (f) => `/orders/${f.milestoneOrderId}/milestones/${f.paidMilestoneId}/proof`,
        expect: { anonymous: { status: 302 }, incomplete: 404, pendingSeller: 404, buyer: { status: 200, contains: '%PDF-' }, approvedSeller: { status: 200, contains: '%PDF-' } },
      },
      { label: '/orders/:milestoneOrder/milestones/:upcoming/proof (none yet)', path: (f) => `/orders/${f.milestoneOrderId}/milestones/${f.upcomingMilestoneId}/proof`, expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:other/milestones/:paid/proof', path: (f) => `/orders/${f.orderId}/milestones/${f.paidMilestoneId}/proof`, expect: { anonymous: { status: 302 }, signedIn: 404 } },
      { label: '/orders/:malformed/milestones/:malformed/proof', path: '/orders/x/milestones/y/proof', expect: { anonymous: { status: 302 }, signedIn: 404 } },
    ],
    POST: [{ label: '/orders/:milestoneOrder/milestones/:paid/proof', path: (f) => `/orders/${f.milestoneOrderId}/milestones/${f.paidMilestoneId}/proof`, expect: everyone(NO_ACTION) }],
  },
  'routes/trade/order-new': {
    GET: [{ path: '/orders/new', expect: everyone({ status: 302, location: '/marketplace' }) }],
    POST: [
      { label: '/orders/new without a form', path: '/orders/new', expect: { anonymous: toLogin('/marketplace'), incomplete: 403, buyer: 404, sellers: 404 } },
      {
        label: '/orders/new below the minimum order',
        path: '/orders/new',
        body: (f) => new URLSearchParams({ productId: f.productId, quantity: '1', shipping: '0', submissionKey: crypto.randomUUID(), ...termsForm() }),
        expect: { anonymous: { status: 302 }, incomplete: 403, buyer: 400, sellers: 400 },
      },
      {
        label: '/orders/new own product, above the stock',
        path: '/orders/new',
        body: (f) => new URLSearchParams({ productId: f.ownProductId, quantity: '100000', shipping: '0', submissionKey: crypto.randomUUID(), ...termsForm() }),
        expect: { anonymous: { status: 302 }, incomplete: 403, buyer: 409, pendingSeller: 409, approvedSeller: 403 },
      },
      {
        label: '/orders/new unknown product',
        path: '/orders/new',
        body: () => new URLSearchParams({ productId: '00000000-0000-4000-8000-000000000000', quantity: '10', shipping: '0', submissionKey: crypto.randomUUID(), ...termsForm() }),
        expect: { anonymous: toLogin('/products/00000000-0000-4000-8000-000000000000'), incomplete: 403, buyer: 404, sellers: 404 },
      },
    ],
  },
  // "Request a quote" on a product page (a resource route): anyone with a profile but the product's own
  // seller may ask; visitors sign in and come back to the product; a GET goes back to the product.
  'routes/trade/product-request': {
    GET: [
      { label: '/products/:real/request-quote', path: (f) => `/products/${f.productId}/request-quote`, expect: everyone({ status: 302 }) },
      { path: '/products/not-a-uuid/request-quote', expect: everyone({ status: 302, location: '/marketplace' }) },
    ],
    POST: [
      {
        label: '/products/:real/request-quote without a form',
        path: (f) => `/products/${f.productId}/request-quote`,
        expect: { anonymous: { status: 302 }, incomplete: 403, buyer: 400, sellers: 400 },
      },
      {
        label: '/products/:real/request-quote below the minimum order',
        path: (f) => `/products/${f.productId}/request-quote`,
        body: () => new URLSearchParams({ quantity: '1', currency: 'USD', message: '', submissionKey: crypto.randomUUID() }),
        expect: { anonymous: { status: 302 }, incomplete: 403, buyer: 400, sellers: 400 },
      },
      {
        label: '/products/:own/request-quote',
        path: (f) => `/products/${f.ownProductId}/request-quote`,
        body: () => new URLSearchParams({ quantity: '10', currency: 'INR', message: 'For Kazan', submissionKey: crypto.randomUUID() }),
        expect: { anonymous: { status: 302 }, incomplete: 403, buyer: { status: 302, location: '/rfqs' }, pendingSeller: { status: 302, location: '/rfqs' }, approvedSeller: 403 },
      },
      {
        path: '/products/00000000-0000-4000-8000-000000000000/request-quote',
        body: () => new URLSearchParams({ quantity: '10', currency: 'USD', message: '', submissionKey: crypto.randomUUID() }),
        expect: { anonymous: toLogin('/products/00000000-0000-4000-8000-000000000000'), incomplete: 403, buyer: 404, sellers: 404 },
      },
      { path: '/products/not-a-uuid/request-quote', expect: { anonymous: toLogin('/marketplace'), incomplete: 403, buyer: 404, sellers: 404 } },
    ],
  },
  // seller workspace: visitors sign in and come back; a buyer's /dashboard is their overview (issue 26
  // item 6) and the seller-only tabs show them the gate page; only the owner reaches a product's edit
  // page (anyone else: 404).
  ...Object.fromEntries(
    (['overview', 'products', 'orders', 'messages', 'rfqs'] as const).map((tab) => {
      const path = tab === 'overview' ? '/dashboard' : `/dashboard/${tab}`
      const hasAction = tab === 'overview' || tab === 'products' || tab === 'rfqs' || tab === 'orders'
      return [
        `routes/seller/${tab}`,
        {
          GET: [
            {
              path,
              expect: {
                anonymous: toLogin(path),
                buyer: tab === 'overview' ? { status: 200, contains: BUYER_OVERVIEW, lacks: 'Seller Account Required' } : { status: 200, contains: 'Seller Account Required', lacks: 'Total Products' },
                incomplete: { status: 200, contains: PROFILE_FORM, lacks: 'Total Products' },
                sellers: { status: 200, contains: 'Total Products' },
              },
            },
          ],
          // React Router drops ?index from the URL the action sees. An empty form: the seller gets "unknown action" (400), anyone else is refused first.
          POST: [
            { path: tab === 'overview' ? '/dashboard?index' : path, expect: hasAction ? { anonymous: toLogin(path), signedIn: 403, sellers: 400 } : everyone(NO_ACTION) },
            ...(tab === 'rfqs' ? [...QUOTE_CASES, ...REJECT_CASES] : []),
            ...(tab === 'orders' ? ORDER_TAB_CASES : []),
          ],
        } satisfies RouteRules,
      ]
    }),
  ),
  // The Buying tab: a seller's buyer overview inside the workspace; for a buyer, the same overview as /dashboard.
  'routes/seller/buying': {
    GET: [
      {
        path: '/dashboard/buying',
        expect: {
          anonymous: toLogin('/dashboard/buying'),
          buyer: { status: 200, contains: BUYER_OVERVIEW, lacks: 'Seller Account Required' },
          incomplete: { status: 200, contains: PROFILE_FORM, lacks: BUYER_OVERVIEW },
          sellers: { status: 200, contains: BUYER_OVERVIEW, lacks: 'Seller Account Required' },
        },
      },
    ],
    POST: [{ path: '/dashboard/buying', expect: everyone(NO_ACTION) }],
  },
  'routes/seller/dashboard': {
    // The layout has no path of its own beyond its tabs: /dashboard is its index (above).
    GET: [{ path: '/dashboard/products', expect: { anonymous: toLogin('/dashboard/products'), signedIn: 200, incomplete: 200, sellers: { status: 200, contains: 'My Products' } } }],
    POST: [{ path: '/dashboard/messages', expect: everyone(NO_ACTION) }],
  },
  'routes/seller/product-new': {
    GET: [
      {
        path: '/dashboard/products/new',
        expect: {
          anonymous: toLogin('/dashboard/products/new'),
          signedIn: { status: 200, contains: 'Seller Account Required' },
          incomplete: { status: 200, contains: PROFILE_FORM },
          sellers: { status: 200, contains: 'Create New Product' },
        },
      },
    ],
    POST: [{ path: '/dashboard/products/new', expect: { anonymous: toLogin('/dashboard/products/new'), signedIn: 403, sellers: 400 } }],
  },
  'routes/seller/product-edit': {
    GET: [
      {
        label: '/dashboard/products/:own/edit',
        path: (f) => `/dashboard/products/${f.ownProductId}/edit`,
        expect: { anonymous: { status: 302 }, signedIn: { status: 200, contains: 'Seller Account Required' }, incomplete: { status: 200, contains: PROFILE_FORM }, pendingSeller: 404, approvedSeller: { status: 200, contains: 'Edit Product' } },
      },
      { label: "/dashboard/products/:someone-else's/edit", path: (f) => `/dashboard/products/${f.productId}/edit`, expect: { anonymous: { status: 302 }, signedIn: 200, incomplete: 200, sellers: 404 } },
      { path: '/dashboard/products/not-a-uuid/edit', expect: { anonymous: toLogin('/dashboard/products/not-a-uuid/edit'), signedIn: 200, incomplete: 200, sellers: 404 } },
    ],
    POST: [
      {
        label: '/dashboard/products/:own/edit',
        path: (f) => `/dashboard/products/${f.ownProductId}/edit`,
        expect: { anonymous: { status: 302 }, signedIn: 403, pendingSeller: 404, approvedSeller: 400 },
      },
    ],
  },
  // The product form's image upload (XMLHttpRequest): POST only; sellers only, decided before the body is read.
  'routes/seller/product-images': {
    GET: [{ path: '/dashboard/products/images', expect: everyone(405) }],
    POST: [
      { path: '/dashboard/products/images', expect: { anonymous: toLogin('/dashboard/products/images'), signedIn: 403, sellers: 400 } },
      {
        label: '/dashboard/products/images (a PNG)',
        path: '/dashboard/products/images',
        body: () => {
          const body = new FormData()
          body.append('file', makeFile(pngBytes(), 'photo.png', 'image/png'))
          return body
        },
        expect: { anonymous: toLogin('/dashboard/products/images'), signedIn: 403, sellers: 200 },
      },
    ],
  },
  // machine endpoints
  // better-auth's HTTP API is closed (routes/api/auth.ts): our pages call it on the server. A path
  // joins the allow-list there, with its rule here.
  'routes/api/auth': {
    GET: [
      { path: '/api/auth/get-session', expect: everyone(404) },
      { path: '/api/auth/ok', expect: everyone(404) },
      { path: '/api/auth/list-sessions', expect: everyone(404) },
      { path: '/api/auth/reset-password/forged-token?callbackURL=%2F', expect: everyone(404) },
    ],
    POST: [
      { path: '/api/auth/sign-in/email', body: jsonBody({}), headers: JSON_HEADERS, expect: everyone(404) },
      { path: '/api/auth/sign-up/email', body: jsonBody({}), headers: JSON_HEADERS, expect: everyone(404) },
      { path: '/api/auth/sign-out', body: jsonBody({}), headers: JSON_HEADERS, expect: everyone(404) },
      { path: '/api/auth/update-user', body: jsonBody({ name: 'Mallory' }), headers: JSON_HEADERS, expect: everyone(404) },
    ],
  },
  // The live message stream (ADR 011): a plain 401 for anyone without a profile (EventSource cannot
  // follow a redirect to the login page); for the others it opens at once when asked for as an event
  // stream (the harness reads the first chunk), and is 406 to anything else.
  'routes/api/message-events': {
    GET: [
      {
        path: '/messages/events',
        headers: { Accept: 'text/event-stream' },
        expect: { anonymous: 401, incomplete: 401, buyer: { status: 200, contains: 'retry: 3000' }, sellers: { status: 200, contains: 'retry: 3000' } },
      },
      { path: '/messages/events?since=999999999', headers: { Accept: 'text/event-stream' }, expect: { anonymous: 401, incomplete: 401, buyer: 200, sellers: 200 } },
      { path: '/messages/events', expect: { anonymous: 401, incomplete: 401, buyer: { status: 406, contains: '/messages' }, sellers: 406 } },
    ],
    POST: [{ path: '/messages/events', expect: everyone(NO_ACTION) }],
  },
  'routes/api/sitemap': publicPage('/sitemap.xml'),
  'routes/api/sitemap-file': {
    GET: [
      { path: '/sitemaps/pages.xml', expect: everyone(200) },
      { path: '/sitemaps/products-999999.xml', expect: everyone(404) },
    ],
    POST: [{ path: '/sitemaps/pages.xml', expect: everyone(NO_ACTION) }],
  },
  'routes/api/robots': publicPage('/robots.txt'),
  // Development only (docs/decisions/003): NODE_ENV=test counts as development.
  'routes/dev/outbox': publicPage('/dev/outbox'),
  'routes/public/not-found': {
    GET: [{ path: '/no/such/page', expect: everyone(404) }],
    POST: [{ path: '/no/such/page', expect: everyone(NO_ACTION) }],
  },
}
