// The Create RFQ form (spec §5 RFQ form, issue 8): one schema shared by the form (checked before
// submit) and the action. Messages are i18n keys in the `rfqs` namespace.
import { z } from 'zod'
import { toCents } from '~/modules/catalog/money'
import { CURRENCIES, INCOTERMS, LOCATION_PREFERENCES, MONEY_PATTERN, QUANTITY_MAX, QUANTITY_UNITS, UUID_PATTERN } from '~/domain'

export * from './enums'

export const TITLE_MIN = 5
export const TITLE_MAX = 200
export const DESCRIPTION_MIN = 20
export const DESCRIPTION_MAX = 5000
export const PLACE_MAX = 120
/** A deadline further out than this is a typo, not a plan. */
export const DEADLINE_MAX_YEARS = 5
export const RFQ_PAGE_SIZE = 20

/** Every field the form posts, in order; the fuzz targets and tests use the same list. */
export const RFQ_FIELDS = [
  'title',
  'description',
  'categoryId',
  'budgetMin',
  'budgetMax',
  'currency',
  'quantity',
  'unit',
  'deadline',
  'locationPreference',
  'incoterm',
  'incotermPlace',
  'destination',
  'hsCode',
  'submissionKey',
] as const
export type RfqField = (typeof RFQ_FIELDS)[number]

const m = (key: string) => `rfqs:form.errors.${key}`

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Today's date as YYYY-MM-DD in UTC: India and Russia are ahead of UTC, so their "today" is never earlier. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** The latest deadline the form accepts, counted from `today`. */
export function latestDeadline(today: string): string {
  return `${Number(today.slice(0, 4)) + DEADLINE_MAX_YEARS}${today.slice(4)}`
}

const optionalText = (max: number, key: string) =>
  z
    .string()
    .trim()
    .max(max, m(key))
    .transform((v) => v || null)

const budget = z
  .string()
  .trim()
  .transform((v) => v.replace(',', '.').replace(/^\+/, ''))
  .superRefine((v, ctx) => {
    if (v === '') return
    if (/^-\d*(\.\d*)?$/.test(v)) return void ctx.addIssue({ code: 'custom', message: m('budgetPositive') })
    if (!MONEY_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: m('budgetFormat') })
  })
  .transform((v) => (v === '' ? null : Number(v) === 0 ? '0.00' : v.replace(/^0+(?=\d)/, '')))

const emptyTo = <T extends string>(fallback: T) => z.string().transform((v) => v.trim() || fallback)

/** The schema for a given "today" (the server's UTC date; the form gets the same one from the loader). */
export function createRfqSchema(today: string) {
  const latest = latestDeadline(today)
  return z
    .object({
      title: z.string().trim().min(TITLE_MIN, m('titleMin')).max(TITLE_MAX, m('titleMax')),
      description: z.string().trim().min(DESCRIPTION_MIN, m('descriptionMin')).max(DESCRIPTION_MAX, m('descriptionMax')),
      categoryId: z
        .string()
        .trim()
        .refine((v) => v === '' || (v.length <= 64 && /^[a-z0-9][a-z0-9-]*$/.test(v)), m('category'))
        .transform((v) => v || null),
      budgetMin: budget,
      budgetMax: budget,
      currency: emptyTo('USD').pipe(z.enum(CURRENCIES, { message: m('currency') })),
      quantity: z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          if (v === '' || (/^-?\d{1,12}$/.test(v) && Number(v) < 1)) return void ctx.addIssue({ code: 'custom', message: m('quantityMin') })
          if (!/^\d{1,12}$/.test(v)) return void ctx.addIssue({ code: 'custom', message: m('quantityWhole') })
          if (Number(v) > QUANTITY_MAX) ctx.addIssue({ code: 'custom', message: m('quantityMax') })
        })
        .transform((v) => Number(v)),
      unit: emptyTo('pieces').pipe(z.enum(QUANTITY_UNITS, { message: m('unit') })),
      deadline: z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          if (v === '') return
          const match = DATE.exec(v)
          const d = match ? new Date(`${v}T00:00:00Z`) : null
          if (!match || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return void ctx.addIssue({ code: 'custom', message: m('deadlineFormat') })
          if (v < today) return void ctx.addIssue({ code: 'custom', message: m('deadlinePast') })
          if (v > latest) ctx.addIssue({ code: 'custom', message: m('deadlineTooFar') })
        })
        .transform((v) => v || null),
      locationPreference: emptyTo('Both').pipe(z.enum(LOCATION_PREFERENCES, { message: m('location') })),
      incoterm: z
        .string()
        .trim()
        .refine((v) => v === '' || (INCOTERMS as readonly string[]).includes(v), m('incoterm'))
        .transform((v) => (v || null) as (typeof INCOTERMS)[number] | null),
      incotermPlace: optionalText(PLACE_MAX, 'placeMax'),
      destination: optionalText(PLACE_MAX, 'placeMax'),
      hsCode: z
        .string()
        .max(32, m('hsCode'))
        .transform((v) => v.replace(/[\s.]/g, ''))
        .refine((v) => v === '' || /^\d{4,10}$/.test(v), m('hsCode'))
        .transform((v) => v || null),
      submissionKey: z.string().trim().regex(UUID_PATTERN, m('expired')).transform((v) => v.toLowerCase()),
    })
    .superRefine((v, ctx) => {
      // Compared only when both budgets are well-formed: a malformed one already has its own message
      // (Zod runs this object check even then, with the raw text).
      const min = v.budgetMin === null ? null : toCents(v.budgetMin)
      const max = v.budgetMax === null ? null : toCents(v.budgetMax)
      if (min !== null && max !== null && max < min) {
        ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: m('budgetRange') })
      }
      if (v.incotermPlace && !v.incoterm) ctx.addIssue({ code: 'custom', path: ['incoterm'], message: m('incotermRequired') })
      if (v.incoterm && !v.incotermPlace) ctx.addIssue({ code: 'custom', path: ['incotermPlace'], message: m('placeRequired') })
    })
}
export type CreateRfqInput = z.infer<ReturnType<typeof createRfqSchema>>

/** Errors keyed by form field name; "form" for the one-time token. */
export type RfqFieldErrors = Partial<Record<RfqField | 'form', string>>
export type RfqFormResult = { ok: true; value: CreateRfqInput } | { ok: false; fieldErrors: RfqFieldErrors }

/** Validates the posted form: the same call in the browser (before submit) and in the action. */
export function parseRfqForm(form: { get(name: string): FormDataEntryValue | null }, today = utcToday()): RfqFormResult {
  const shape = Object.fromEntries(RFQ_FIELDS.map((f) => [f, form.get(f)])) as Record<RfqField, FormDataEntryValue | null>
  const raw = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
  const result = createRfqSchema(today).safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: RfqFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    fieldErrors[(field === 'submissionKey' ? 'form' : field) as RfqField] ??= issue.message
  }
  return { ok: false, fieldErrors }
}

/** What the user typed, to fill the form in again after a refused submit (also without JavaScript). */
export function rfqFormValues(form: { get(name: string): FormDataEntryValue | null }): Partial<Record<RfqField, string>> {
  const out: Partial<Record<RfqField, string>> = {}
  for (const f of RFQ_FIELDS) {
    const v = form.get(f)
    if (f !== 'submissionKey' && typeof v === 'string' && v !== '') out[f] = v.slice(0, f === 'description' ? DESCRIPTION_MAX : TITLE_MAX)
  }
  return out
}

/** The My RFQs page's query string: ?page=, anything else falls back to 1. */
export function parseRfqListPage(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The Close RFQ form: intent and the RFQ's id (checked against the owner on the server). */
export const CloseRfqSchema = z.object({
  intent: z.literal('close'),
  rfqId: z.string().regex(UUID_PATTERN),
})

/** A prefill for the quantity from a product page's "Request quote" link (?quantity=), if it is a valid one. */
export function quantityPrefill(params: URLSearchParams): string {
  const q = params.get('quantity') ?? ''
  return /^\d{1,10}$/.test(q) && Number(q) >= 1 && Number(q) <= QUANTITY_MAX ? String(Number(q)) : '1'
}

// ---- Quotes (issue 8 item 5): the quote dialog on the seller's RFQ board ----

export const LEAD_TIME_MAX = 365
export const VALIDITY_MAX = 180
export const VALIDITY_DEFAULT = 30
export const PAYMENT_TERMS_MAX = 500
export const QUOTE_MESSAGE_MAX = 2000

/** Every field the quote dialog posts; the fuzz targets and tests use the same list. */
export const QUOTE_FIELDS = [
  'rfqId',
  'unitPrice',
  'currency',
  'minOrderQuantity',
  'incoterm',
  'incotermPlace',
  'leadTimeDays',
  'paymentTerms',
  'validityDays',
  'message',
] as const
export type QuoteField = (typeof QUOTE_FIELDS)[number]
export type QuoteFieldErrors = Partial<Record<QuoteField | 'form', string>>

const q = (key: string) => `rfqs:quote.errors.${key}`

/** A whole number from a text field, between min and max; empty falls back to `empty` (or is refused). */
const wholeNumber = (min: number, max: number, key: string, empty?: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '' && empty !== undefined) return
      if (!/^\d{1,12}$/.test(v) || Number(v) < min || Number(v) > max) ctx.addIssue({ code: 'custom', message: q(key) })
    })
    .transform((v) => (v === '' && empty !== undefined ? empty : Number(v)))

/** PostgreSQL refuses a NUL in text; nobody types one. */
const noNul = z.string().transform((v) => v.replace(/\u0000/g, ''))

/** The quote dialog: the same schema checks it in the browser and in the action. */
export const SubmitQuoteSchema = z.object({
  rfqId: z.string().trim().regex(UUID_PATTERN, q('rfq')).transform((v) => v.toLowerCase()),
  unitPrice: z
    .string()
    .trim()
    .transform((v) => v.replace(',', '.').replace(/^\+/, ''))
    .superRefine((v, ctx) => {
      if (v === '') return void ctx.addIssue({ code: 'custom', message: q('priceRequired') })
      if (/^-\d*(\.\d*)?$/.test(v)) return void ctx.addIssue({ code: 'custom', message: q('pricePositive') })
      if (!MONEY_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: q('priceFormat') })
    })
    .transform((v) => (Number(v) === 0 ? '0.00' : v.replace(/^0+(?=\d)/, ''))),
  currency: z.enum(CURRENCIES, { message: q('currency') }),
  minOrderQuantity: wholeNumber(1, QUANTITY_MAX, 'moq', 1),
  incoterm: z.enum(INCOTERMS, { message: q('incoterm') }),
  incotermPlace: noNul.pipe(z.string().trim().min(1, q('placeRequired')).max(PLACE_MAX, q('placeMax'))),
  leadTimeDays: wholeNumber(1, LEAD_TIME_MAX, 'leadTime'),
  paymentTerms: noNul.pipe(z
    .string()
    .trim()
    .max(PAYMENT_TERMS_MAX, q('paymentTermsMax'))
    .transform((v) => v || null)),
  validityDays: wholeNumber(1, VALIDITY_MAX, 'validity', VALIDITY_DEFAULT),
  message: noNul.pipe(z
    .string()
    .trim()
    .max(QUOTE_MESSAGE_MAX, q('messageMax'))
    .transform((v) => v || null)),
})
export type SubmitQuoteInput = z.infer<typeof SubmitQuoteSchema>
export type QuoteFormResult = { ok: true; value: SubmitQuoteInput } | { ok: false; fieldErrors: QuoteFieldErrors }

/** Validates the posted quote: the same call in the dialog (before submit) and in the action. */
export function parseQuoteForm(form: { get(name: string): FormDataEntryValue | null }): QuoteFormResult {
  const raw = Object.fromEntries(QUOTE_FIELDS.map((f) => [f, form.get(f)]).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
  const result = SubmitQuoteSchema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: QuoteFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    fieldErrors[(field === 'rfqId' ? 'form' : field) as QuoteField] ??= issue.message
  }
  return { ok: false, fieldErrors }
}

/** Withdraw: the seller's own quote id (checked against the owner on the server). */
export const WithdrawQuoteSchema = z.object({ intent: z.literal('withdraw'), quoteId: z.string().regex(UUID_PATTERN) })

/** The RFQ board's filters (?q=&category=&currency=&notQuoted=1&match=1&page=); junk falls back to "any". */
/** `mine`: only the product requests addressed to this seller ("Requests for my products"). */
export type BoardFilters = { q: string; category: string | null; currency: (typeof CURRENCIES)[number] | null; notQuoted: boolean; match: boolean; mine: boolean; page: number }

export function parseBoardFilters(params: URLSearchParams): BoardFilters {
  const text = (params.get('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100)
  const category = params.get('category') ?? ''
  const currency = params.get('currency') ?? ''
  return {
    q: text,
    category: category.length <= 64 && /^[a-z0-9][a-z0-9-]*$/.test(category) ? category : null,
    currency: (CURRENCIES as readonly string[]).includes(currency) ? (currency as BoardFilters['currency']) : null,
    notQuoted: params.get('notQuoted') === '1',
    match: params.get('match') === '1',
    mine: params.get('mine') === '1',
    page: parseRfqListPage(params),
  }
}

// ---- Negotiation (issue 8 item 6): counters in turns on the quote's page ----

/** Every field the counter-offer form posts; the fuzz targets and tests use the same list. */
export const COUNTER_FIELDS = ['unitPrice', 'quantity', 'incoterm', 'incotermPlace', 'leadTimeDays', 'paymentTerms', 'validityDays', 'message'] as const
export type CounterField = (typeof COUNTER_FIELDS)[number]
export type CounterFieldErrors = Partial<Record<CounterField | 'form', string>>

/** A counter-offer: the quote's terms (same rules as the quote dialog) plus the quantity; the currency stays the quote's. */
export const CounterOfferSchema = SubmitQuoteSchema.pick({
  unitPrice: true,
  incoterm: true,
  incotermPlace: true,
  leadTimeDays: true,
  paymentTerms: true,
  validityDays: true,
  message: true,
}).extend({ quantity: wholeNumber(1, QUANTITY_MAX, 'quantity') })
export type CounterOfferInput = z.infer<typeof CounterOfferSchema>
export type CounterFormResult = { ok: true; value: CounterOfferInput } | { ok: false; fieldErrors: CounterFieldErrors }

/** Validates the posted counter-offer: the same call in the form (before submit) and in the action. */
export function parseCounterForm(form: { get(name: string): FormDataEntryValue | null }): CounterFormResult {
  const raw = Object.fromEntries(COUNTER_FIELDS.map((f) => [f, form.get(f)]).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
  const result = CounterOfferSchema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: CounterFieldErrors = {}
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? 'form') as CounterField] ??= issue.message
  return { ok: false, fieldErrors }
}

/**
 * A counter-offer's quantity against the quote's minimum order (the seller's MOQ): an i18n key and the
 * count for it, or null. Checked in the counter dialog before it is sent and in the action against the
 * database; the quantity is never raised to the minimum, it is refused (issue 26 item 4).
 */
export function counterQuantityError(quantity: number, minOrderQuantity: number): { key: string; count: number } | null {
  return quantity < minOrderQuantity ? { key: 'rfqs:negotiation.errors.belowMoq', count: minOrderQuantity } : null
}

/** The negotiation page's buttons: which action the form asks for. */
export const NegotiationIntentSchema = z.object({ intent: z.enum(['counter', 'accept', 'decline', 'withdraw']) })

/** A page number from ?page= for the order lists. */
export const parseOrderListPage = parseRfqListPage

// ---- Product requests (issue 8 item 2): "Request a quote" on a product page, addressed to its seller ----

export const REQUEST_MESSAGE_MAX = 2000
export const REJECTION_REASON_MAX = 1000

/** Every field the product page's request dialog posts; the fuzz targets and tests use the same list. */
export const PRODUCT_REQUEST_FIELDS = ['quantity', 'currency', 'message', 'submissionKey'] as const
export type ProductRequestField = (typeof PRODUCT_REQUEST_FIELDS)[number]
export type ProductRequestErrors = Partial<Record<ProductRequestField | 'form', string>>

const pr = (key: string) => `rfqs:productRequest.errors.${key}`

// Control characters (NUL and the rest, but not newline or tab) are stripped from free text: nobody types them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/**
 * The request dialog: a whole quantity, the currency and an optional message, with the form's one-time
 * token. The product's minimum order is checked by `requestQuantityError`, in the dialog before submit
 * and again in the command against the database.
 */
export const ProductRequestSchema = z.object({
  quantity: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!/^\d{1,12}$/.test(v) || Number(v) < 1) return void ctx.addIssue({ code: 'custom', message: pr('quantity') })
      if (Number(v) > QUANTITY_MAX) ctx.addIssue({ code: 'custom', message: pr('quantityMax') })
    })
    .transform((v) => Number(v)),
  currency: z.enum(CURRENCIES, { message: pr('currency') }),
  message: z
    .string()
    .transform((v) => v.replace(CONTROL, '').trim())
    .refine((v) => v.length <= REQUEST_MESSAGE_MAX, pr('messageMax')),
  submissionKey: z.string().trim().regex(UUID_PATTERN, pr('expired')).transform((v) => v.toLowerCase()),
})
export type ProductRequestInput = z.infer<typeof ProductRequestSchema>
export type ProductRequestFormResult = { ok: true; value: ProductRequestInput } | { ok: false; fieldErrors: ProductRequestErrors }

/** Validates the posted request: the same call in the dialog (before submit) and in the action. */
export function parseProductRequestForm(form: { get(name: string): FormDataEntryValue | null }): ProductRequestFormResult {
  const raw = Object.fromEntries(PRODUCT_REQUEST_FIELDS.map((f) => [f, form.get(f)]).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
  const result = ProductRequestSchema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: ProductRequestErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    fieldErrors[(field === 'submissionKey' ? 'form' : field) as ProductRequestField] ??= issue.message
  }
  return { ok: false, fieldErrors }
}

/** The product's rule on the quantity: at least its minimum order (an i18n key and the count for it), or null. */
export function requestQuantityError(quantity: number, minimumOrderQuantity: number): { key: string; count: number } | null {
  return quantity < minimumOrderQuantity ? { key: pr('belowMoq'), count: minimumOrderQuantity } : null
}

/** The seller's "Reject" on a product request: the request and a required reason (spec §7: update to Rejected). */
export const RejectRequestSchema = z.object({
  rfqId: z.string().trim().regex(UUID_PATTERN, 'rfqs:reject.errors.notFound').transform((v) => v.toLowerCase()),
  reason: z
    .string({ message: 'rfqs:reject.errors.reasonRequired' })
    .transform((v) => v.replace(CONTROL, '').trim())
    .refine((v) => v.length >= 1, 'rfqs:reject.errors.reasonRequired')
    .refine((v) => v.length <= REJECTION_REASON_MAX, 'rfqs:reject.errors.reasonMax'),
})
export type RejectRequestInput = z.infer<typeof RejectRequestSchema>
export type RejectFieldErrors = Partial<Record<'reason' | 'form', string>>

/** Validates the reject dialog: the same call in the dialog and in the action. */
export function parseRejectForm(form: { get(name: string): FormDataEntryValue | null }): { ok: true; value: RejectRequestInput } | { ok: false; fieldErrors: RejectFieldErrors } {
  const raw = { rfqId: form.get('rfqId'), reason: form.get('reason') }
  const result = RejectRequestSchema.safeParse({ rfqId: typeof raw.rfqId === 'string' ? raw.rfqId : '', reason: typeof raw.reason === 'string' ? raw.reason : '' })
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: RejectFieldErrors = {}
  for (const issue of result.error.issues) fieldErrors[issue.path[0] === 'reason' ? 'reason' : 'form'] ??= issue.message
  return { ok: false, fieldErrors }
}
