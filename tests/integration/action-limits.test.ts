// The per-account abuse limits (issue 26 item 9), through each route's action: the Nth attempt in a
// window goes through, the N+1th is answered 429 with Retry-After and the translated message in the form
// the user is on, and writes nothing (no row, no stored file); another account is not affected. The
// earlier attempts of the window are counted straight into the limiter's counter (as enforceLimit counts
// them): posting 150 images through the route would only be slower.
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ACTION_LIMITS, type LimitedAction } from '~/lib/action-limits'
import { countInWindow, limitKey } from '~/lib/rate-limit.server'
import { action as imagesAction } from '~/routes/seller/product-images'
import { action as productNewAction } from '~/routes/seller/product-new'
import { action as boardAction } from '~/routes/seller/rfqs'
import { action as kycAction } from '~/routes/account/kyc-upload'
import { action as threadAction } from '~/routes/messages/thread'
import { action as createRfqAction } from '~/routes/trade/create-rfq'
import { action as negotiationAction } from '~/routes/trade/negotiation'
import { action as disputeAction } from '~/routes/trade/order-dispute'
import { action as requestAction } from '~/routes/trade/product-request'
import { createCategory, createProduct } from '../factories/catalog'
import { createDispute } from '../factories/disputes'
import { makeFile, pdfBytes, useTempStorage } from '../factories/files'
import { createConversation } from '../factories/messaging'
import { createOrder } from '../factories/orders'
import { createQuote } from '../factories/quotes'
import { createRfq, rfqFormFields } from '../factories/trade'
import { createSignedInUser } from '../factories/users'
import { dbFingerprint, fingerprintTables } from '../support/db-fingerprint'
import { callRoute, form, type RouteOutcome } from './account-support'
import en from '../../public/locales/en/common.json'
import hi from '../../public/locales/hi/common.json'
import ru from '../../public/locales/ru/common.json'
import { LC_AT_SIGHT, termsForm } from '../support/payment-terms'

let temp: ReturnType<typeof useTempStorage>
let tables: string[]
beforeAll(async () => {
  tables = await fingerprintTables()
})
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

type Person = Awaited<ReturnType<typeof createSignedInUser>>
const buyer = () => createSignedInUser({ userType: 'Buyer', country: 'India', companyName: `Buyer ${randomUUID().slice(0, 6)}` })
const seller = (kycStatus: 'Approved' | 'Pending' | null = 'Approved') =>
  createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus, kycDocumentUrl: null, companyName: `Seller ${randomUUID().slice(0, 6)}` })

/** Counts `n` earlier attempts of `action` by the account in each window of its rule, as enforceLimit would have. */
async function spend(action: LimitedAction, accountId: string, n: (max: number) => number) {
  for (const { max, windowMs } of ACTION_LIMITS[action].windows) {
    const count = n(max)
    if (count > 0) await countInWindow(limitKey(action, windowMs, accountId), windowMs, count)
  }
}

/** The message key a refused answer carries, whichever shape the route's answer has. */
async function messageOf(out: RouteOutcome): Promise<string | undefined> {
  if (out.response) return ((await out.response.clone().json()) as { error?: string }).error
  const d = out.data as { formError?: string; error?: string; fieldErrors?: { form?: string } }
  return d.formError ?? d.error ?? d.fieldErrors?.form
}

const lookup = (table: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], table)

/** The refusal a user sees: 429, Retry-After within the window, the rule's message in all three languages, nothing written. */
async function expectRefused(action: LimitedAction, attempt: () => Promise<RouteOutcome>, windowIndex = 0) {
  const before = await dbFingerprint(tables)
  const files = temp.listFiles()
  const out = await attempt()
  expect(out.status).toBe(429)
  const headers = out.response?.headers ?? out.headers
  const retryAfter = Number(headers.get('Retry-After'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(ACTION_LIMITS[action].windows[windowIndex]!.windowMs / 1000)
  expect(headers.get('Cache-Control')).toBe('no-store')
  const key = ACTION_LIMITS[action].messageKey
  expect(await messageOf(out)).toBe(key)
  if (key.startsWith('common:')) {
    for (const table of [en, ru, hi]) expect(lookup(table, key.slice('common:'.length))).toEqual(expect.stringMatching(/\S{3}/))
  }
  expect(await dbFingerprint(tables)).toBe(before)
  expect(temp.listFiles()).toEqual(files)
  return out
}

const RFQ = () => form(rfqFormFields())

describe('creating RFQs (/create-rfq)', () => {
  it(`allows ${ACTION_LIMITS.rfqCreate.windows[0].max} an hour, then answers 429 in the form (values kept) and writes nothing; another buyer still may`, async () => {
    const b = await buyer()
    const other = await buyer()
    const post = (who: Person) => callRoute(createRfqAction, '/create-rfq', { cookie: who.cookie, body: RFQ() })
    await spend('rfqCreate', b.profileId, (max) => max - 1)
    expect((await post(b)).status).toBe(302)
    const out = await expectRefused('rfqCreate', () => post(b))
    expect(out.data).toMatchObject({ values: { title: 'Basmati rice 1121, 25 kg bags', hsCode: '1006.30' } })
    expect(en.limits.rfqCreate).toBe('You have posted many RFQs in a short time. To keep the board free of spam, please wait a while before posting another.')
    expect((await post(other)).status).toBe(302)
  })

  it('counts the daily window too: under the hourly limit but over the day, refused until the day ends', async () => {
    const b = await buyer()
    const [hour, day] = ACTION_LIMITS.rfqCreate.windows
    await countInWindow(limitKey('rfqCreate', day!.windowMs, b.profileId), day!.windowMs, day!.max)
    const out = await expectRefused('rfqCreate', () => callRoute(createRfqAction, '/create-rfq', { cookie: b.cookie, body: RFQ() }), 1)
    expect(Number(out.headers.get('Retry-After'))).toBeGreaterThan(hour!.windowMs / 1000)
  })

  it('does not count a form refused for its input', async () => {
    const b = await buyer()
    await spend('rfqCreate', b.profileId, (max) => max - 1)
    const bad = RFQ()
    bad.set('title', '')
    expect((await callRoute(createRfqAction, '/create-rfq', { cookie: b.cookie, body: bad })).status).toBe(400)
    expect((await callRoute(createRfqAction, '/create-rfq', { cookie: b.cookie, body: RFQ() })).status).toBe(302)
  })
})

describe('creating products (/dashboard/products/new)', () => {
  it(`allows ${ACTION_LIMITS.productCreate.windows[0].max} an hour, then 429 with the translated message; another seller still may`, async () => {
    const s = await seller()
    const other = await seller()
    const parent = await createCategory()
    const child = await createCategory({ parentId: parent.id })
    let n = 0
    const post = (who: Person) =>
      callRoute(productNewAction, '/dashboard/products/new', {
        cookie: who.cookie,
        body: form({
          categoryId: parent.id,
          subcategoryId: child.id,
          price: '1250.50',
          currency: 'INR',
          stockQuantity: '100',
          minimumOrderQuantity: '5',
          unit: 'tonnes',
          isActive: 'true',
          'en.name': `Basmati Rice 1121 lot ${++n}`,
          'en.description': 'Long grain, aged',
          hsCode: '1006.30',
          originCountry: 'IN',
        }),
      })
    await spend('productCreate', s.profileId, (max) => max - 1)
    expect((await post(s)).status).toBe(302)
    await expectRefused('productCreate', () => post(s))
    expect((await post(other)).status).toBe(302)
  })
})

describe('"Request a quote" on a product page (/products/:id/request-quote)', () => {
  it(`allows ${ACTION_LIMITS.productRequest.windows[0].max} in ten minutes, then 429 in the dialog; another buyer still may`, async () => {
    const s = await seller()
    const b = await buyer()
    const other = await buyer()
    const product = await createProduct({ sellerId: s.profileId, price: '250.00', currency: 'INR', minimumOrderQuantity: 10 })
    const post = (who: Person) =>
      callRoute(requestAction, `/products/${product.id}/request-quote`, {
        cookie: who.cookie,
        params: { id: product.id },
        body: form({ quantity: '12', currency: 'EUR', message: 'Delivery to Moscow, 25 kg bags please.', submissionKey: randomUUID() }),
      })
    await spend('productRequest', b.profileId, (max) => max - 1)
    expect((await post(b)).status).toBe(302)
    await expectRefused('productRequest', () => post(b))
    expect((await post(other)).status).toBe(302)
  })

  it('counts only requests that are stored: a refused one and a double submit of the same form do not spend the allowance', async () => {
    const s = await seller()
    const b = await buyer()
    const product = await createProduct({ sellerId: s.profileId, price: '250.00', currency: 'INR', minimumOrderQuantity: 10 })
    const post = (productId: string, submissionKey = randomUUID()) =>
      callRoute(requestAction, `/products/${productId}/request-quote`, {
        cookie: b.cookie,
        params: { id: productId },
        body: form({ quantity: '12', currency: 'EUR', message: '', submissionKey }),
      })
    await spend('productRequest', b.profileId, (max) => max - 1)
    expect((await post('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const key = randomUUID()
    expect((await post(product.id, key)).status).toBe(302)
    expect((await post(product.id, key)).status).toBe(302)
    await expectRefused('productRequest', () => post(product.id))
  })
})

describe("a seller's quotes (/dashboard/rfqs)", () => {
  it(`allows ${ACTION_LIMITS.quoteSubmit.windows[0].max} an hour, then 429 in the quote dialog; another seller still may`, async () => {
    const b = await buyer()
    const s = await seller()
    const other = await seller()
    const [first, second] = [await createRfq(b.profileId, { locationPreference: 'Both' }), await createRfq(b.profileId, { locationPreference: 'Both' })]
    const quote = (who: Person, rfqId: string) =>
      callRoute(boardAction, '/dashboard/rfqs', {
        cookie: who.cookie,
        body: form({ intent: 'quote', rfqId, unitPrice: '240.00', currency: 'INR', minOrderQuantity: '10', incoterm: 'FOB', incotermPlace: 'Chennai', leadTimeDays: '21', validityDays: '30', message: '', ...termsForm() }),
      })
    await spend('quoteSubmit', s.profileId, (max) => max - 1)
    expect((await quote(s, first!.id)).status).toBe(302)
    await expectRefused('quoteSubmit', () => quote(s, second!.id))
    expect((await quote(other, second!.id)).status).toBe(302)
  })
})

describe('counter-offers (/rfqs/:rfqId/quotes/:quoteId)', () => {
  it(`allows ${ACTION_LIMITS.counterOffer.windows[0].max} an hour, then 429 on the negotiation page; the other party still may counter`, async () => {
    const b = await buyer()
    const s = await seller()
    const counter = (who: Person, rfqId: string, quoteId: string) =>
      callRoute(negotiationAction, `/rfqs/${rfqId}/quotes/${quoteId}`, {
        cookie: who.cookie,
        params: { rfqId, quoteId },
        body: form({ intent: 'counter', unitPrice: '1234.56', quantity: '7', incoterm: 'CIF', incotermPlace: 'Nhava Sheva', leadTimeDays: '45', ...termsForm(LC_AT_SIGHT), validityDays: '10', message: 'Our best offer' }),
      })
    const rfqA = await createRfq(b.profileId, { quantity: 3 })
    const quoteA = await createQuote(rfqA.id, s.profileId, { currency: 'USD', unitPrice: '1500.00' })
    const rfqB = await createRfq(b.profileId, { quantity: 3 })
    const quoteB = await createQuote(rfqB.id, s.profileId, { currency: 'USD', unitPrice: '1500.00' })
    await spend('counterOffer', b.profileId, (max) => max - 1)
    expect((await counter(b, rfqA.id, quoteA.id)).status).toBe(302)
    await expectRefused('counterOffer', () => counter(b, rfqB.id, quoteB.id))
    // The seller's turn on the first quote: their own count is untouched.
    expect((await counter(s, rfqA.id, quoteA.id)).status).toBe(302)
  })
})

const disputeForm = (intent: 'open' | 'answer', files: File[] = []) => {
  const fd = intent === 'open' ? form({ intent, reason: 'damaged', description: 'Two of the four crates arrived crushed.' }) : form({ intent, body: 'Photos of the crates.' })
  for (const f of files) fd.append('files', f)
  return fd
}
const postDispute = (who: Person, orderId: string, body: FormData) => callRoute(disputeAction, `/orders/${orderId}/dispute`, { cookie: who.cookie, body, params: { id: orderId } })

describe('disputes (/orders/:id/dispute)', () => {
  it(`allows opening ${ACTION_LIMITS.disputeOpen.windows[0].max} an hour, then 429 in the form; another buyer still may`, async () => {
    const b = await buyer()
    const s = await seller()
    const other = await buyer()
    const [one, two, theirs] = [await createOrder(b.profileId, s.profileId, 'Delivered'), await createOrder(b.profileId, s.profileId, 'Delivered'), await createOrder(other.profileId, s.profileId, 'Delivered')]
    await spend('disputeOpen', b.profileId, (max) => max - 1)
    expect((await postDispute(b, one.id, disputeForm('open'))).status).toBe(302)
    await expectRefused('disputeOpen', () => postDispute(b, two.id, disputeForm('open')))
    expect((await postDispute(other, theirs.id, disputeForm('open'))).status).toBe(302)
  })

  it(`allows ${ACTION_LIMITS.disputeEvidence.windows[0].max} evidence files an hour, then 429 and no file stored; the other party still may attach`, async () => {
    const b = await buyer()
    const s = await seller()
    const order = await createOrder(b.profileId, s.profileId, 'Delivered')
    await createDispute(order.id, { openedById: b.profileId })
    await spend('disputeEvidence', b.profileId, (max) => max - 1)
    expect((await postDispute(b, order.id, disputeForm('answer', [makeFile(pdfBytes(), 'report.pdf')]))).status).toBe(302)
    await expectRefused('disputeEvidence', () => postDispute(b, order.id, disputeForm('answer', [makeFile(pdfBytes(), 'more.pdf')])))
    // Without files the same person may still answer: only the evidence budget is spent.
    expect((await postDispute(b, order.id, disputeForm('answer'))).status).toBe(302)
    expect((await postDispute(s, order.id, disputeForm('answer', [makeFile(pdfBytes(), 'reply.pdf')]))).status).toBe(302)
  })
})

describe('uploads', () => {
  const png = (shade: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 200 } } }).png().toBuffer()

  it(`product images: ${ACTION_LIMITS.productImageUpload.windows[0].max} an hour, then 429 JSON with Retry-After and nothing stored; another seller still may`, async () => {
    const s = await seller()
    const other = await seller()
    const upload = async (who: Person, shade: number) => {
      const body = new FormData()
      body.append('file', makeFile(await png(shade), 'photo.png', 'image/png'))
      return callRoute(imagesAction, '/dashboard/products/images', { cookie: who.cookie, body })
    }
    await spend('productImageUpload', s.profileId, (max) => max - 1)
    expect((await upload(s, 1)).status).toBe(200)
    await expectRefused('productImageUpload', () => upload(s, 2))
    expect((await upload(other, 3)).status).toBe(200)
  })

  it(`KYC documents: ${ACTION_LIMITS.kycUpload.windows[0].max} an hour, then 429 on the page and the file not stored; another seller still may`, async () => {
    const s = await seller(null)
    const other = await seller(null)
    const upload = (who: Person) => callRoute(kycAction, '/kyc-upload', { cookie: who.cookie, body: form({ kycDocument: makeFile(pdfBytes(), 'registration.pdf') }) })
    await spend('kycUpload', s.id, (max) => max - 1)
    expect((await upload(s)).status).toBe(302)
    await expectRefused('kycUpload', () => upload(s))
    expect((await upload(other)).status).toBe(302)
  })

  it(`message attachments: ${ACTION_LIMITS.messageAttachment.windows[0].max} files an hour, then 429 in the composer; text alone still goes, and the other side may attach`, async () => {
    const b = await buyer()
    const s = await seller()
    const { id } = await createConversation(b.profileId, s.profileId)
    const send = (who: Person, text: string, files: File[]) => {
      const body = form({ intent: 'send', body: text, clientKey: randomUUID() })
      for (const f of files) body.append('files', f)
      return callRoute(threadAction, `/messages/${id}`, { cookie: who.cookie, params: { conversationId: id }, body })
    }
    await spend('messageAttachment', b.profileId, (max) => max - 1)
    expect((await send(b, 'The invoice', [makeFile(pdfBytes(), 'invoice.pdf')])).status).toBe(200)
    await expectRefused('messageAttachment', () => send(b, 'And the packing list', [makeFile(pdfBytes(), 'packing.pdf')]))
    expect((await send(b, 'I will send the packing list later', [])).status).toBe(200)
    expect((await send(s, 'Our certificate', [makeFile(pdfBytes(), 'certificate.pdf')])).status).toBe(200)
  })
})

describe('the counter', () => {
  it('counts first attempts that arrive at once, each exactly once and none failing', async () => {
    // The same key inserted by several requests at once: only the key may conflict (a row id equal to
    // the key made one of them fail on the primary key under PostgreSQL).
    const key = `limit:test:${randomUUID()}`
    const counts = await Promise.all(Array.from({ length: 8 }, () => countInWindow(key, 60_000)))
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })
})
