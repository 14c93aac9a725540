// What the fuzz tests send to each route: its paths and the query and form parameters its code reads.
// tests/integration/fuzz.test.ts fails when a route in app/routes.ts has no entry here (tests/README.md).
import fc from 'fast-check'
import type { Fixtures } from '../access/fixtures'
import { segment } from './arbitraries'
import { ADMIN_DISPUTE_FIELDS, DISPUTE_FIELDS } from '~/modules/disputes/enums'
import { START_FIELDS, THREAD_FIELDS } from '~/modules/messaging/enums'
import { ORDER_STATUS_FIELDS, PLACE_ORDER_FIELDS } from '~/modules/orders/schemas'
import { PAYMENT_TERMS_FIELDS } from '~/modules/payments/schemas'
import { RFQ_FIELDS } from '~/modules/rfqs/schemas/create-rfq'
import { COUNTER_FIELDS } from '~/modules/rfqs/schemas/negotiation'
import { PRODUCT_REQUEST_FIELDS } from '~/modules/rfqs/schemas/product-request'
import { QUOTE_FIELDS } from '~/modules/rfqs/schemas/quote'
import { RATE_FIELDS } from '~/modules/rates/schemas'

export type FuzzTarget = {
  /** The paths to request (without query). */
  path: (f: Fixtures) => fc.Arbitrary<string>
  /** Query parameters the loader reads (every route also gets `lng` and unknown ones). */
  query?: readonly string[]
  /** Form fields the action reads. */
  form?: readonly string[]
  /** Form fields that take a file. */
  files?: readonly string[]
  /** Whether the route has an action; POSTs are then half of the runs instead of a fifth. */
  action?: boolean
  /**
   * The action may end the caller's session even when it refuses the request (signing in while signed
   * in signs out first; sign-out; revoking sessions): its fingerprint leaves out the sessions table,
   * and the actors' sessions are put back after each POST.
   */
  endsSessions?: boolean
  /** A refusal may email the account owner (the sign-in lockout notice is queued in outgoing_emails, ADR 021). */
  mailsOnRefusal?: boolean
}

const at = (path: string) => () => fc.constant(path)
const LISTING = ['q', 'category', 'country', 'currency', 'minPrice', 'maxPrice', 'maxMoq', 'sort', 'page'] as const
const PROFILE_FIELDS = ['name', 'country', 'userType', 'companyName', 'phoneNumber'] as const
const SELLER_LIST = ['q', 'sort', 'status', 'page'] as const
const PRODUCT_FIELDS = [
  'categoryId',
  'subcategoryId',
  'price',
  'currency',
  'stockQuantity',
  'minimumOrderQuantity',
  'sku',
  'isActive',
  'hsCode',
  'originCountry',
  'en.name',
  'en.slug',
  'en.description',
  'ru.name',
  'hi.longDescription',
  'en.specName',
  'en.specValue',
  'shippingMethod',
  'shippingPrice',
  'shippingCurrency',
  'shippingDays',
  'image',
] as const

/** better-auth endpoints worth aiming at, plus whatever else the fuzzer makes up. */
const AUTH_ENDPOINTS = [
  'get-session',
  'ok',
  'error',
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'send-verification-email',
  'verify-email',
  'list-sessions',
  'revoke-session',
  'revoke-sessions',
  'revoke-other-sessions',
  'update-user',
  'change-password',
  'change-email',
  'delete-user',
  'forget-password',
  'request-password-reset',
  'reset-password',
  'reference',
]

export const FUZZ_TARGETS: Record<string, FuzzTarget> = {
  'routes/public/home': { path: at('/'), query: LISTING },
  'routes/public/category': { path: (f) => segment([f.categoryId, 'all', 'no-such-category']).map((s) => `/categories/${s}`), query: LISTING },
  'routes/public/marketplace': { path: at('/marketplace'), query: LISTING },
  'routes/public/marketplace-new': { path: at('/marketplace/new'), query: LISTING },
  'routes/public/product': {
    path: (f) => segment([f.productId, '00000000-0000-4000-8000-000000000000']).map((s) => `/products/${s}`),
  },
  'routes/public/product-media': {
    path: (f) => {
      const name = f.productImagePath.split('/').pop()!
      return segment([name, name.replace('.webp', '-thumb.webp'), `${'0'.repeat(64)}.webp`]).map((s) => `/media/products/${s}`)
    },
  },
  'routes/public/seller': {
    path: (f) => segment([f.sellerId, f.hiddenSellerId, '00000000-0000-4000-8000-000000000000']).map((s) => `/sellers/${s}`),
    query: ['page'],
  },
  'routes/public/trade-instructions': { path: at('/trade-instructions'), query: ['tab'] },
  'routes/public/trade-documentation': { path: at('/trade-instructions/documentation'), query: ['tab'] },
  'routes/public/trade-payment': { path: at('/trade-instructions/payment'), query: ['tab'] },
  'routes/public/trade-logistics': { path: at('/trade-instructions/logistics'), query: ['tab'] },
  'routes/public/about': { path: at('/about') },
  'routes/public/contact': { path: at('/contact') },
  'routes/public/terms': { path: at('/terms') },
  'routes/public/privacy': { path: at('/privacy') },
  'routes/public/faq': { path: at('/faq') },
  'routes/public/logistics': { path: at('/logistics') },
  'routes/public/guides': { path: at('/guides') },
  'routes/auth/login': { path: at('/login'), query: ['redirectTo', 'email'], form: ['email', 'password', 'redirectTo'], action: true, endsSessions: true, mailsOnRefusal: true },
  'routes/auth/register': {
    path: at('/register'),
    form: ['name', 'email', 'password', 'confirmPassword', 'country', 'userType', 'companyName', 'phoneNumber', 'kycDocument'],
    files: ['kycDocument'],
    action: true,
  },
  'routes/auth/verify-email': { path: at('/verify-email'), query: ['token', 'type', 'email'], form: ['email'], action: true },
  'routes/auth/forgot-password': { path: at('/forgot-password'), query: ['email', 'sent'], form: ['email'], action: true },
  'routes/auth/reset-password': { path: at('/reset-password'), query: ['token'], form: ['token', 'password', 'confirmPassword'], action: true },
  'routes/auth/logout': { path: at('/logout'), form: ['redirectTo'], action: true, endsSessions: true },
  // admin panel: marketplace actors hold no admin session; a refused admin sign-in writes only its audit row.
  'routes/admin/index': { path: at('/admin') },
  'routes/admin/login': { path: at('/admin/login'), query: ['redirectTo'], form: ['email', 'password', 'redirectTo'], action: true, endsSessions: true },
  'routes/admin/logout': { path: at('/admin/logout'), action: true },
  'routes/admin/dashboard': { path: at('/admin/dashboard') },
  'routes/admin/audit': { path: at('/admin/audit'), query: ['action', 'admin', 'from', 'to', 'page'] },
  'routes/admin/audit-export': { path: at('/admin/audit/export'), query: ['action', 'admin', 'from', 'to'] },
  'routes/admin/analytics': { path: at('/admin/analytics'), query: ['from', 'to'] },
  'routes/admin/analytics-export': { path: at('/admin/analytics/export'), query: ['chart', 'from', 'to'] },
  'routes/admin/rates': { path: at('/admin/rates'), query: ['page'], form: ['intent', ...RATE_FIELDS, 'file'], files: ['file'], action: true },
  'routes/admin/moderation': { path: at('/admin/moderation'), query: ['status', 'page'], form: ['decision', 'reportId', 'note'], action: true },
  'routes/admin/kyc': { path: at('/admin/kyc'), query: ['page'], form: ['intent', 'profileId', 'reason'], action: true },
  'routes/admin/users': { path: at('/admin/users'), query: ['q', 'status', 'kyc', 'page', 'user'], form: ['intent', 'profileId', 'status', 'notes', 'notesVersion'], action: true },
  'routes/admin/disputes': { path: at('/admin/disputes'), query: ['status', 'page'] },
  'routes/admin/dispute': {
    path: (f) => segment([f.disputeId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map((id) => `/admin/disputes/${id}`),
    form: ADMIN_DISPUTE_FIELDS,
    action: true,
  },
  'routes/admin/dispute-evidence': {
    path: (f) =>
      fc
        .tuple(segment([f.disputeId, '00000000-0000-4000-8000-000000000000']), segment([f.disputeEvidenceId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([d, e]) => `/admin/disputes/${d}/evidence/${e}`),
    query: ['expires', 'sig'],
  },
  'routes/admin/dispute-proof': {
    path: (f) =>
      fc
        .tuple(segment([f.disputeId, '00000000-0000-4000-8000-000000000000']), segment(['00000000-0000-4000-8000-000000000000', 'x']))
        .map(([d, m]) => `/admin/disputes/${d}/proofs/${m}`),
    query: ['expires', 'sig'],
  },
  'routes/admin/order-document': {
    path: (f) =>
      fc
        .tuple(segment([f.disputedOrderId, '00000000-0000-4000-8000-000000000000']), segment([f.tradeDocumentId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([o, d]) => `/admin/orders/${o}/documents/${d}`),
  },
  'routes/admin/admins': { path: at('/admin/admins'), query: ['page'], form: ['intent', 'fullName', 'email', 'role', 'password', 'adminId'], action: true },
  'routes/admin/security': { path: at('/admin/security'), form: ['intent', 'password', 'code'], action: true },
  'routes/admin/two-factor': { path: at('/admin/two-factor'), query: ['redirectTo', 'method'], form: ['method', 'code', 'redirectTo'], action: true },
  'routes/admin/kyc-document': {
    path: (f) => segment([f.hiddenSellerId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map((s) => `/admin/kyc/${s}/document`),
    query: ['expires', 'sig'],
  },
  'routes/account/currency': { path: at('/currency'), form: ['currency', 'redirectTo'], action: true },
  'routes/account/profile': {
    path: at('/profile'),
    form: ['intent', ...PROFILE_FIELDS, 'currentPassword', 'newPassword', 'confirmPassword', 'revokeOtherSessions'],
    action: true,
    endsSessions: true,
  },
  'routes/account/complete-profile': { path: at('/complete-profile'), form: [...PROFILE_FIELDS, 'redirectTo'], action: true },
  'routes/account/kyc-upload': { path: at('/kyc-upload'), form: ['kycDocument'], files: ['kycDocument'], action: true },
  // A stream: the harness reads its first chunk and cancels it (tests/support/app.ts, readBody).
  'routes/api/message-events': { path: at('/messages/events'), query: ['since'] },
  'routes/account/kyc-document': { path: at('/kyc-document'), query: ['user', 'key', 'expires', 'sig'] },
  'routes/account/notifications': { path: at('/notifications'), query: ['page'], form: ['intent', 'id'], action: true },
  'routes/api/auth': {
    path: () =>
      fc
        .oneof({ weight: 4, arbitrary: fc.constantFrom(...AUTH_ENDPOINTS) }, { weight: 1, arbitrary: fc.array(segment(['x']), { minLength: 1, maxLength: 3 }).map((s) => s.join('/')) })
        .map((s) => `/api/auth/${s}`),
    query: ['token', 'callbackURL', 'email', 'disableCookieCache', 'disableRefresh'],
    form: ['email', 'password', 'name', 'callbackURL', 'token', 'newPassword', 'currentPassword', 'revokeOtherSessions', 'rememberMe'],
    action: true,
    endsSessions: true,
  },
  'routes/trade/create-rfq': { path: at('/create-rfq'), query: ['quantity'], form: RFQ_FIELDS, action: true },
  'routes/trade/rfqs': { path: at('/rfqs'), query: ['page'], form: ['intent', 'rfqId'], action: true },
  'routes/trade/negotiation': {
    path: (f) =>
      fc
        .tuple(segment([f.negotiationRfqId, f.rfqId, '00000000-0000-4000-8000-000000000000']), segment([f.negotiationQuoteId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([r, q]) => `/rfqs/${r}/quotes/${q}`),
    form: ['intent', ...COUNTER_FIELDS],
    action: true,
  },
  'routes/trade/orders': { path: at('/orders'), query: ['page'] },
  'routes/trade/order-new': { path: at('/orders/new'), form: [...PLACE_ORDER_FIELDS, ...PAYMENT_TERMS_FIELDS], action: true },
  'routes/trade/product-request': {
    path: (f) => segment([f.productId, f.ownProductId, '00000000-0000-4000-8000-000000000000']).map((s) => `/products/${s}/request-quote`),
    form: PRODUCT_REQUEST_FIELDS,
    action: true,
  },
  'routes/trade/order': {
    path: (f) => segment([f.orderId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map((id) => `/orders/${id}`),
    form: ORDER_STATUS_FIELDS,
    action: true,
  },
  'routes/trade/order-dispute': {
    path: (f) => segment([f.disputedOrderId, f.orderId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map((id) => `/orders/${id}/dispute`),
    form: DISPUTE_FIELDS,
    files: ['files'],
    action: true,
  },
  'routes/trade/dispute-evidence': {
    path: (f) =>
      fc
        .tuple(segment([f.disputedOrderId, '00000000-0000-4000-8000-000000000000']), segment([f.disputeEvidenceId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([o, e]) => `/orders/${o}/dispute/evidence/${e}`),
  },
  'routes/trade/order-document': {
    path: (f) =>
      fc
        .tuple(segment([f.disputedOrderId, '00000000-0000-4000-8000-000000000000']), segment([f.tradeDocumentId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([o, d]) => `/orders/${o}/documents/${d}`),
  },
  'routes/trade/order-milestone': {
    path: (f) =>
      fc
        .tuple(segment([f.milestoneOrderId, f.orderId, '00000000-0000-4000-8000-000000000000']), segment([f.upcomingMilestoneId, f.paidMilestoneId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([o, m]) => `/orders/${o}/milestones/${m}`),
    form: ['intent', 'bankReference', 'note', 'proof'],
    files: ['proof'],
    action: true,
  },
  'routes/trade/milestone-proof': {
    path: (f) =>
      fc
        .tuple(segment([f.milestoneOrderId, '00000000-0000-4000-8000-000000000000']), segment([f.paidMilestoneId, f.upcomingMilestoneId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([o, m]) => `/orders/${o}/milestones/${m}/proof`),
  },
  'routes/messages/inbox': { path: at('/messages'), query: ['q', 'page'] },
  'routes/messages/start': { path: at('/messages/start'), form: START_FIELDS, action: true },
  'routes/messages/thread': {
    path: (f) => segment([f.conversationId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map((id) => `/messages/${id}`),
    query: ['before'],
    form: THREAD_FIELDS,
    files: ['files'],
    action: true,
  },
  'routes/messages/attachment': {
    path: (f) =>
      fc
        .tuple(segment([f.conversationId, '00000000-0000-4000-8000-000000000000']), segment([f.attachmentId, '00000000-0000-4000-8000-000000000000', 'x']))
        .map(([c, a]) => `/messages/${c}/attachments/${a}`),
  },
  'routes/seller/dashboard': { path: at('/dashboard/orders') },
  'routes/seller/overview': { path: at('/dashboard'), query: SELLER_LIST, form: ['intent', 'productId'], action: true },
  'routes/seller/products': { path: at('/dashboard/products'), query: SELLER_LIST, form: ['intent', 'productId'], action: true },
  'routes/seller/orders': { path: at('/dashboard/orders'), query: ['page'], form: ORDER_STATUS_FIELDS, action: true },
  'routes/seller/messages': { path: at('/dashboard/messages') },
  'routes/seller/buying': { path: at('/dashboard/buying') },
  'routes/seller/rfqs': { path: at('/dashboard/rfqs'), query: ['q', 'category', 'currency', 'notQuoted', 'match', 'mine', 'page'], form: ['intent', 'quoteId', 'reason', ...QUOTE_FIELDS], action: true },
  'routes/seller/product-new': { path: at('/dashboard/products/new'), form: PRODUCT_FIELDS, action: true },
  'routes/seller/product-edit': {
    path: (f) => segment([f.ownProductId, f.productId, 'not-a-uuid']).map((s) => `/dashboard/products/${s}/edit`),
    form: PRODUCT_FIELDS,
    action: true,
  },
  'routes/seller/product-images': { path: at('/dashboard/products/images'), form: ['image', 'file'], files: ['file'], action: true },
  'routes/api/sitemap': { path: at('/sitemap.xml') },
  'routes/api/sitemap-file': { path: () => segment(['pages.xml', 'products-1.xml', 'sellers-1.xml', 'products-0.xml', 'products-999999.xml']).map((s) => `/sitemaps/${s}`) },
  'routes/api/robots': { path: at('/robots.txt') },
  'routes/dev/outbox': { path: at('/dev/outbox'), query: ['to'] },
  'routes/public/not-found': { path: () => fc.array(segment(['no-such-page']), { minLength: 1, maxLength: 3 }).map((s) => `/x/${s.join('/')}`) },
}
