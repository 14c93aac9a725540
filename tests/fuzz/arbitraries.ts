// fast-check generators for hostile requests: parameter values, query strings and form bodies.
import fc from 'fast-check'
import { SUPPORTED_LANGUAGES } from '~/lib/i18n'
import { PROFILE_INTENTS } from '~/modules/accounts/profile-schemas'
import { AUDIT_ACTIONS } from '~/modules/admin/roles'
import { ACCOUNT_STATUSES, CATALOG_CURRENCIES, KYC_STATUSES, LOCATION_PREFERENCES, MILESTONE_EVENTS, ORDER_STATUSES, PAYMENT_METHODS, TRADING_COUNTRIES } from '~/domain'
import { MARKETPLACE_SORTS } from '~/modules/catalog/schemas'
import { TRADE_TABS } from '~/modules/content/trade/tabs'
import { KYC_DOCUMENT } from '~/domain/uploads'
import type { Fixtures } from '../access/fixtures'

/** Strings that have broken web apps before: injections, number edge cases, odd Unicode. */
export const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '\\',
  '%',
  '%%',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u007f',
  '\r\nSet-Cookie: pwned=1',
  '"><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  '[object Object]',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1e308',
  '1e-308',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999999',
  '1.005',
  '12,50',
  '١٢٣',
  '१२३',
  '\uFEFF',
  '\u202Etxt.exe',
  '\u200B',
  'a\u0301\u0301\u0301',
  '😀',
  '\uD800',
  '\uDFFF',
  'Ω≈ç√∫',
  'турмерик',
  'हल्दी',
  '//evil.example',
  'https://evil.example/',
  '/\\evil.example',
  'select pg_sleep(10)',
  '*',
  '_',
  '%_%',
] as const

/** One hostile value: the list above, random Unicode (control characters, lone surrogates), numbers, long runs. */
export function hostileValue(maxLong = 4_000): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 }).map((codes) => String.fromCharCode(...codes)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
    {
      weight: 1,
      arbitrary: fc
        .record({ unit: fc.constantFrom('a', '9', ' ', '%', '\u0000', 'я', 'ह', '😀', "'"), count: fc.integer({ min: Math.min(100, maxLong), max: maxLong }) })
        .map(({ unit, count }) => unit.repeat(count)),
    },
  )
}

/** Values a real form or link would send for a parameter name, so fuzzing also gets past validation. */
export function plausibleValues(name: string, f: Fixtures): string[] {
  const emails = [f.actors.buyer.email!, f.actors.unverified.email!, 'someone@example.com', 'a@b.co']
  const table: Record<string, string[]> = {
    lng: [...SUPPORTED_LANGUAGES, 'xx', 'EN'],
    q: ['turmeric', 'turmric', 'рис', 'चावल', 'a', 'steel pipe'],
    category: [f.categoryId, 'spices', 'all'],
    country: [...TRADING_COUNTRIES, 'india', 'USA'],
    currency: [...CATALOG_CURRENCIES, 'usd', 'EUR'],
    minPrice: ['0', '10', '9,50', '100.25', '999999999999.99'],
    maxPrice: ['0', '10', '9,50', '100.25', '999999999999.99'],
    maxMoq: ['1', '10', '999999999'],
    sort: [...MARKETPLACE_SORTS],
    page: ['1', '2', '999999999'],
    tab: TRADE_TABS.map((t) => t.slug),
    redirectTo: ['/', '/profile', '/marketplace?q=x', '//evil.example', '/\\evil.example', '/login'],
    email: emails,
    password: ['correct-horse-42', 'secret-pass-1', 'x'],
    confirmPassword: ['correct-horse-42', 'secret-pass-1'],
    currentPassword: ['correct-horse-42', 'wrong-password-1'],
    newPassword: ['new-secret-pass-1', 'x'],
    name: ['Asha Rao', 'Иван Петров', 'आशा राव', 'A'],
    companyName: ['Rao Spices Pvt Ltd', ''],
    phoneNumber: ['+91 98765 43210', '+7 (495) 123-45-67', '123'],
    userType: ['Buyer', 'Seller', 'Admin'],
    intent: [...PROFILE_INTENTS, 'deleteAccount', 'close', 'quote', 'withdraw', 'counter', 'accept', 'decline', 'status', 'cancel', 'reject', 'open', 'read-all', 'send', 'read', 'report', 'block', 'unblock', 'approve', 'answer', 'message', 'decide', 'proof', 'confirm', 'not_arrived'],
    // A payment milestone's proof and the seller's note (issue 29)
    bankReference: ['UTR0042', 'SBININBB 2026112900042', ''],
    revokeOtherSessions: ['on', 'true'],
    // /admin/audit filters (and /admin/login's email, above)
    action: [...AUDIT_ACTIONS, 'LOGIN', 'drop'],
    admin: ['00000000-0000-4000-8000-000000000000', 'not-an-id', 'a'.repeat(65)],
    // /admin/kyc decisions (their reason is the one below): the pending seller, an unknown profile, junk
    profileId: [f.hiddenSellerId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'],
    // /notifications: the approved seller's notice, and one that does not exist
    id: [f.notificationId, '00000000-0000-4000-8000-000000000000'],
    token: ['forged', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
    type: ['signup', 'reset'],
    sent: ['1', '0'],
    user: [f.documentOwnerId, f.actors.buyer.userId!],
    key: [`${f.documentOwnerId}/kyc_document.pdf`, '../secret', `${f.documentOwnerId}/.kyc_document.pdf.meta.json`],
    expires: ['0', '99999999999', String(Math.floor(Date.now() / 1000) + 600)],
    sig: ['forged', 'A'.repeat(43)],
    // the dev outbox's recipient filter, and the admin pages' date ranges
    to: [...emails, '2026-03-31', '2026-13-01'],
    callbackURL: ['/', 'https://evil.example/'],
    index: [''],
    image: [f.productImagePath, '/images/products/basmati-rice.svg', `/media/products/${'0'.repeat(64)}.webp`],
    _routes: ['root', 'routes/public/home,root', 'routes/account/profile'],
    // Create RFQ and My RFQs (a fresh token each time the form is valid; the fixture RFQ may be closed)
    title: ['Basmati rice 1121, 25 kg bags', 'Rice'],
    description: ['Steam basmati 1121, moisture 12% max, 25 kg PP bags, SGS inspection.', 'too short'],
    budgetMin: ['0', '1000', '1500.50', '-1'],
    budgetMax: ['0', '2000', '999999999999.99', '1,5'],
    quantity: ['1', '20', '0', '1.5'],
    unit: ['kg', 'tonnes', 'containers', 'bags'],
    deadline: [new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), '2099-01-01', '2000-01-01', '2026-02-30'],
    locationPreference: [...LOCATION_PREFERENCES, 'USA'],
    incoterm: ['FOB', 'CIF', 'DDP', 'XYZ'],
    incotermPlace: ['Nhava Sheva', 'Новороссийск'],
    destination: ['Saint Petersburg', 'Mumbai'],
    submissionKey: [crypto.randomUUID(), 'not-a-uuid'],
    // Place order (product page): real products (the buyer's target and the approved seller's own), a shipping index
    productId: [f.productId, f.ownProductId, '00000000-0000-4000-8000-000000000000', 'x'],
    shipping: ['0', '1', '', '7'],
    categoryId: [f.categoryId, '', 'no-such-category'],
    rfqId: [f.rfqId, f.boardRfqId, f.productRequestId, '00000000-0000-4000-8000-000000000000', 'x'],
    // The RFQ board's quote dialog and filters
    unitPrice: ['0', '120.50', '999999999999.99', '-1', '1.234'],
    minOrderQuantity: ['1', '500', '0'],
    leadTimeDays: ['1', '30', '365', '366'],
    validityDays: ['', '30', '180', '181'],
    // The payment terms (quote, counter-offer, direct order): PaymentTermsFields' names
    'terms.method': [...PAYMENT_METHODS, 'barter'],
    'terms.methodDays': ['', '90', '366'],
    'terms.milestones.0.share': ['30', '100', '0', '33.34'],
    'terms.milestones.0.event': [...MILESTONE_EVENTS],
    'terms.milestones.0.offsetDays': ['0', '30', '366'],
    'terms.milestones.1.share': ['70', '33.33', ''],
    'terms.milestones.1.event': [...MILESTONE_EVENTS],
    message: ['Certified organic, SGS at loading.', ''],
    quoteId: ['00000000-0000-4000-8000-000000000000', 'x'],
    // The order status dialog and the buyer's cancel (the fixture order may move along or be cancelled)
    orderId: [f.orderId, '00000000-0000-4000-8000-000000000000', 'x'],
    // Order statuses, and the admin pages' account, dispute and report statuses
    status: [...ORDER_STATUSES, 'Lost', ...ACCOUNT_STATUSES, 'open', 'overdue', 'resolved', 'reviewed', 'dismissed'],
    // Admin pages: user management, analytics, admin accounts, two-factor sign-in
    kyc: [...KYC_STATUSES, 'none'],
    notes: ['Called the buyer; documents on file.', '', 'x'.repeat(5001)],
    notesVersion: ['0', 'x', 'a'.repeat(64)],
    chart: ['signups', 'order-value', 'top-products', 'nope'],
    from: ['2026-01-01', '2026-02-30', '1999-12-31', 'x'],
    role: ['super_admin', 'admin', 'moderator', 'root'],
    fullName: ['Rohan Kapoor', '', 'x'.repeat(201)],
    adminId: ['00000000-0000-4000-8000-000000000000', 'not-an-id'],
    reportId: ['00000000-0000-4000-8000-000000000000', 'x'],
    code: ['123456', '000000', 'abcdef', '1234567'],
    method: ['totp', 'backup', 'sms'],
    note: ['Packed, AWB to follow.', '', 'x'.repeat(1001)],
    notQuoted: ['1', '0'],
    match: ['1', '0'],
    // The board's product requests: "Requests for my products" and the reject dialog's reason
    mine: ['1', '0'],
    reason: ['Out of stock until October.', '', 'x'.repeat(1001), 'damaged', 'not_received'],
    // Disputes: the moderator's decision and written resolution
    decision: ['release_to_seller', 'cancel_refund', 'partial_settlement', 'reject', 'refund_all'],
    resolution: ['The carrier confirmed delivery in good order.', '', 'x'.repeat(5001)],
    // Messaging: the composer, the read mark, "Message" buttons (the fixture conversation's parties and subjects)
    body: ['Is the price negotiable for 20 tonnes?', '', ' ', '<img src=x onerror=alert(1)>', 'x'.repeat(5001)],
    clientKey: [crypto.randomUUID(), crypto.randomUUID(), 'not-a-uuid'],
    seq: ['1', '2', '999999999', '0', '-1'],
    before: ['1', '2', '0', 'x'],
    subjectType: ['product', 'rfq', 'quote', 'order', 'user'],
    subjectId: [f.productId, f.ownProductId, f.negotiationQuoteId, f.orderId, f.rfqId, f.productRequestId, '00000000-0000-4000-8000-000000000000'],
    with: [f.sellerId, f.hiddenSellerId, '00000000-0000-4000-8000-000000000000'],
  }
  return table[name] ?? []
}

/** A value for a known parameter: usually hostile, sometimes one a real form would send. */
export function valueFor(name: string, f: Fixtures, maxLong?: number): fc.Arbitrary<string> {
  const plausible = plausibleValues(name, f)
  if (plausible.length === 0) return hostileValue(maxLong)
  return fc.oneof({ weight: 3, arbitrary: hostileValue(maxLong) }, { weight: 2, arbitrary: fc.constantFrom(...plausible) })
}

/** Name/value pairs: known names (repeats allowed, as `?a=1&a=2`) and unknown ones. */
export function pairs(known: readonly string[], f: Fixtures, maxLong?: number): fc.Arbitrary<[string, string][]> {
  const knownPair = known.length
    ? fc.constantFrom(...known).chain((name) => valueFor(name, f, maxLong).map((v): [string, string] => [name, v]))
    : null
  const unknownPair = fc.tuple(fc.oneof(hostileValue(64), fc.constantFrom('_data', '_routes', 'index', 'lng', '__proto__')), hostileValue(maxLong))
  return fc.array(knownPair ? fc.oneof({ weight: 4, arbitrary: knownPair }, { weight: 1, arbitrary: unknownPair }) : unknownPair, { maxLength: 6 })
}

/** Percent-encoding junk a hand-made URL may carry (a browser would never send it). */
const RAW_JUNK = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '+', '&&', '==', '%25%32%35', ';', '%2e%2e%2f']

/** A query string (with the leading `?`, or empty) from pairs: properly encoded, or with raw junk mixed in. */
export function queryString(known: readonly string[], f: Fixtures): fc.Arbitrary<string> {
  // Values up to 2,000 characters: Node's HTTP server refuses a request line past 16 KB anyway.
  return fc
    .record({ list: pairs(known, f, 2_000), junk: fc.option(fc.array(fc.constantFrom(...RAW_JUNK), { minLength: 1, maxLength: 4 }), { freq: 4 }) })
    .map(({ list, junk }) => {
      let qs = new URLSearchParams(list).toString()
      if (junk) qs = [qs, ...junk].filter(Boolean).join('&')
      return qs ? `?${qs}` : ''
    })
}

export type FuzzBody = { body: BodyInit | null; contentType: string | null; text: string }

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/json',
  'text/plain',
  'application/octet-stream',
]

/** A file as a hostile client would upload it: odd names, types and contents. */
const hostileFile = fc
  .record({
    name: fc.oneof(fc.constantFrom('doc.pdf', '../../etc/passwd', 'a.exe', '.htaccess', 'x.pdf\u0000.exe', ''), hostileValue(64)),
    type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/x-msdownload', ''),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 512 }),
      fc.constant(new TextEncoder().encode('%PDF-1.4\n<script>alert(1)</script>')),
      fc.constant(new TextEncoder().encode('<html><script>alert(1)</script></html>')),
    ),
  })
  .map(({ name, type, bytes }) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))

/** A form body for a route's known fields: urlencoded, multipart (with files), JSON, raw junk, or past the size caps. */
export function formBody(known: readonly string[], fileFields: readonly string[], f: Fixtures): fc.Arbitrary<FuzzBody> {
  const fields = pairs(known, f, 20_000)
  const urlencoded = fields.map((list): FuzzBody => {
    const text = new URLSearchParams(list).toString()
    return { body: text, contentType: 'application/x-www-form-urlencoded;charset=UTF-8', text }
  })
  const multipart = fc
    .record({ list: fields, files: fc.array(fc.tuple(fc.constantFrom(...fileFields, 'file'), hostileFile), { maxLength: 2 }) })
    .map(({ list, files }): FuzzBody => {
      const form = new FormData()
      for (const [k, v] of list) form.append(k, v)
      for (const [k, file] of files) form.append(k, file)
      return { body: form, contentType: null, text: list.flat().join('\n') + files.map(([, file]) => file.name).join('\n') }
    })
  const json = fields.map((list): FuzzBody => {
    const text = JSON.stringify(Object.fromEntries(list))
    return { body: text, contentType: 'application/json', text }
  })
  const raw = fc.record({ text: hostileValue(20_000), contentType: fc.option(fc.constantFrom(...CONTENT_TYPES)) }).map(
    ({ text, contentType }): FuzzBody => ({ body: text, contentType, text }),
  )
  // Just under and over the caps: 16 KB for the sign-in forms, one document plus fields for uploads.
  const oversized = fc
    .record({ size: fc.constantFrom(16 * 1024, 16 * 1024 + 1, KYC_DOCUMENT.maxRequestBytes + 1), name: fc.constantFrom(...known, 'x') })
    .map(({ size, name }): FuzzBody => {
      const text = `${name}=${'a'.repeat(size)}`
      return { body: text, contentType: 'application/x-www-form-urlencoded', text: name }
    })
  return fc.oneof(
    { weight: 6, arbitrary: urlencoded },
    { weight: 3, arbitrary: multipart },
    { weight: 1, arbitrary: json },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: oversized },
  )
}

/** Replaces lone surrogates, which encodeURIComponent refuses (a browser sends U+FFFD for them). */
const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, '\uFFFD')

/** One path segment: a real value, or a hostile one, percent-encoded as a browser would. */
export function segment(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...real), hostileValue(300).map((s) => encodeURIComponent(wellFormed(s)) || '-'))
}
