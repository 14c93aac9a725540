// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The payment terms form (issue 29): what a seller or buyer types, as the action and the browser read
// it through the one form pipeline, and terms read back from the database.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LANGUAGES, MILESTONES_MAX } from '~/domain'
import { parseSubmission } from '~/lib/form'
import {
  DEFAULT_PAYMENT_TERMS,
  PAYMENT_TERMS_ERROR_VALUES,
  PAYMENT_TERMS_FIELDS,
  PAYMENT_TERMS_FORM,
  PaymentTermsFormSchema,
  gatherPaymentTerms,
  paymentTermsDraft,
  paymentTermsView,
  readPaymentTerms,
  withPaymentTerms,
} from './schemas'

type Row = [share: string, event: string, offsetDays?: string]

/** The form as the browser posts it. */
function form(method: string, rows: Row[], extra: Record<string, string> = {}) {
  const fd = new FormData()
  fd.set('terms.method', method)
  rows.forEach(([share, event, offset = '0'], i) => {
    fd.set(`terms.milestones.${i}.share`, share)
    fd.set(`terms.milestones.${i}.event`, event)
    fd.set(`terms.milestones.${i}.offsetDays`, offset)
  })
  for (const [k, v] of Object.entries(extra)) fd.set(k, v)
  return fd
}

const parse = (fd: FormData) => parseSubmission(PaymentTermsFormSchema, fd, PAYMENT_TERMS_FORM)
const errorsOf = (fd: FormData) => {
  const result = parse(fd)
  if (result.ok) throw new Error('expected a refusal')
  return result.fieldErrors
}

describe('the payment terms form', () => {
  it('reads 30 % on the proforma and 70 % 30 days after shipment by bank transfer', () => {
    const result = parse(form('bank_transfer', [['30', 'proforma_issued'], ['70', 'shipped', '30']]))
    expect(result).toEqual({
      ok: true,
      value: {
        terms: {
          method: 'bank_transfer',
          methodDays: null,
          shipBeforePaid: false,
          milestones: [
            { share: '30', event: 'proforma_issued', offsetDays: 0 },
            { share: '70', event: 'shipped', offsetDays: 30 },
          ],
        },
      },
    })
  })

  it('takes exact decimal shares that add up to 100, written with a comma or trailing zeros', () => {
    const result = parse(form('open_account', [['33,34', 'shipped'], ['33.330', 'shipped', ''], ['033.33', 'delivered', '60']], { 'terms.methodDays': '30', 'terms.shipBeforePaid': 'on' }))
    expect(result.ok && result.value.terms).toEqual({
      method: 'open_account',
      methodDays: 30,
      shipBeforePaid: true,
      milestones: [
        { share: '33.34', event: 'shipped', offsetDays: 0 },
        { share: '33.33', event: 'shipped', offsetDays: 0 },
        { share: '33.33', event: 'delivered', offsetDays: 60 },
      ],
    })
  })

  it.each([
    ['shares adding up to 99.99', form('bank_transfer', [['33.33', 'shipped'], ['33.33', 'shipped'], ['33.33', 'delivered']]), 'terms.milestones', 'payments:errors.sharesTotal'],
    ['shares adding up to 110', form('bank_transfer', [['40', 'shipped'], ['70', 'delivered']]), 'terms.milestones', 'payments:errors.sharesTotal'],
    ['a zero share', form('bank_transfer', [['0', 'order_accepted'], ['100', 'shipped']]), 'terms.milestones.0.share', 'payments:errors.sharePositive'],
    ['a zero share written 0.00', form('bank_transfer', [['100', 'shipped'], ['0.00', 'delivered']]), 'terms.milestones.1.share', 'payments:errors.sharePositive'],
    ['a negative share', form('bank_transfer', [['-30', 'order_accepted'], ['130', 'shipped']]), 'terms.milestones.0.share', 'payments:errors.sharePositive'],
    ['a share over 100', form('bank_transfer', [['150', 'shipped']]), 'terms.milestones.0.share', 'payments:errors.shareMax'],
    ['a share with three decimals', form('bank_transfer', [['33.333', 'shipped']]), 'terms.milestones.0.share', 'payments:errors.shareFormat'],
    ['a share in words', form('bank_transfer', [['half', 'shipped']]), 'terms.milestones.0.share', 'payments:errors.shareFormat'],
    ['a missing share', form('bank_transfer', [['', 'shipped', '5']]), 'terms.milestones.0.share', 'payments:errors.shareRequired'],
    ['an offset of 366 days', form('bank_transfer', [['100', 'delivered', '366']]), 'terms.milestones.0.offsetDays', 'payments:errors.offsetTooLong'],
    ['an offset of 10,000 days', form('bank_transfer', [['100', 'delivered', '10000']]), 'terms.milestones.0.offsetDays', 'payments:errors.offsetTooLong'],
    ['a negative offset', form('bank_transfer', [['100', 'delivered', '-1']]), 'terms.milestones.0.offsetDays', 'payments:errors.offsetFormat'],
    ['a fractional offset', form('bank_transfer', [['100', 'delivered', '1.5']]), 'terms.milestones.0.offsetDays', 'payments:errors.offsetFormat'],
    ['an unknown event', form('bank_transfer', [['100', 'paid']]), 'terms.milestones.0.event', 'payments:errors.event'],
    ['a deferred LC without its days', form('lc_deferred', [['100', 'shipped']]), 'terms.methodDays', 'payments:errors.methodDaysRequired'],
    ['an open account without its days', form('open_account', [['100', 'delivered']]), 'terms.methodDays', 'payments:errors.methodDaysRequired'],
    ['an open account of 0 days', form('open_account', [['100', 'delivered']], { 'terms.methodDays': '0' }), 'terms.methodDays', 'payments:errors.methodDaysRange'],
    ['a deferred LC of 400 days', form('lc_deferred', [['100', 'shipped']], { 'terms.methodDays': '400' }), 'terms.methodDays', 'payments:errors.methodDaysRange'],
    ['a deferred LC of "ninety" days', form('lc_deferred', [['100', 'shipped']], { 'terms.methodDays': 'ninety' }), 'terms.methodDays', 'payments:errors.methodDaysRange'],
    ['an unknown method', form('bitcoin', [['100', 'shipped']]), 'terms.method', 'payments:errors.method'],
    ['no milestone', form('bank_transfer', []), 'terms.milestones', 'payments:errors.milestonesRequired'],
    ['too many milestones', form('bank_transfer', Array.from({ length: MILESTONES_MAX + 1 }, (): Row => ['10', 'shipped'])), 'terms.milestones', 'payments:errors.tooManyMilestones'],
  ] as const)('refuses %s with its message, on the field it is about', (_, fd, field, message) => {
    expect(errorsOf(fd)[field]).toBe(message)
  })

  it('lets a deferred LC through with its days, and drops a leftover days value for a method without days', () => {
    const lc = parse(form('lc_deferred', [['100', 'shipped']], { 'terms.methodDays': '90' }))
    expect(lc.ok && lc.value.terms.methodDays).toBe(90)
    const tt = parse(form('bank_transfer', [['100', 'shipped']], { 'terms.methodDays': '90' }))
    expect(tt.ok && tt.value.terms.methodDays).toBe(null)
  })

  it('gives every message it can answer in English, Russian and Hindi, with its numbers filled in', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'schemas.ts'), 'utf8')
    const keys = [...source.matchAll(/p\('(\w+)'\)/g)].map((m) => m[1]!)
    expect(keys.length).toBeGreaterThan(10)
    for (const lng of LANGUAGES) {
      const errors = JSON.parse(fs.readFileSync(path.join('public/locales', lng, 'payments.json'), 'utf8')).errors as Record<string, string>
      for (const key of keys) {
        expect(errors[key], `${lng} payments:errors.${key}`).toBeTruthy()
        for (const [, name] of errors[key]!.matchAll(/\{\{(\w+)\}\}/g)) expect(PAYMENT_TERMS_ERROR_VALUES, `${lng} ${key} {{${name}}}`).toHaveProperty(name!)
      }
    }
  })
})

describe('reading the form names', () => {
  it('orders rows by their numbers, renumbers them and leaves out blank ones and forged names', () => {
    const draft = gatherPaymentTerms({
      'terms.method': 'bank_transfer',
      'terms.milestones.3.share': '70',
      'terms.milestones.3.event': 'shipped',
      'terms.milestones.1.share': '30',
      'terms.milestones.1.event': 'order_accepted',
      'terms.milestones.2.share': '',
      'terms.milestones.2.event': '',
      'terms.milestones.999.share': '5',
      'terms.milestones.x.share': '5',
      'terms.milestones.4.share.extra': '5',
    })
    expect(draft.milestones).toEqual([
      { share: '30', event: 'order_accepted', offsetDays: '' },
      { share: '70', event: 'shipped', offsetDays: '' },
    ])
  })

  it('reads the same form through a field list, where rows the form lacks arrive blank', () => {
    const result = parseSubmission(PaymentTermsFormSchema, form('bank_transfer', [['100', 'delivered']]), { fields: PAYMENT_TERMS_FIELDS })
    expect(result.ok && result.value.terms.milestones).toEqual([{ share: '100', event: 'delivered', offsetDays: 0 }])
    expect(PAYMENT_TERMS_FIELDS).toHaveLength(3 + 3 * MILESTONES_MAX)
  })

  it('embeds the terms in another form, whose errors keep their own names', () => {
    const schema = withPaymentTerms(z.object({ unitPrice: z.string().min(1, 'rfqs:quote.errors.priceRequired') }))
    const refused = parseSubmission(schema, form('lc_deferred', [['100', 'shipped']], { unitPrice: '' }))
    expect(refused.ok ? null : refused.fieldErrors).toEqual({ unitPrice: 'rfqs:quote.errors.priceRequired', 'terms.methodDays': 'payments:errors.methodDaysRequired' })
    const accepted = parseSubmission(schema, form('lc_at_sight', [['100', 'shipped']], { unitPrice: '12.50' }))
    expect(accepted.ok && accepted.value).toEqual({ unitPrice: '12.50', terms: { method: 'lc_at_sight', methodDays: null, shipBeforePaid: false, milestones: [{ share: '100', event: 'shipped', offsetDays: 0 }] } })
  })
})

describe('stored terms', () => {
  it('reads valid terms back and refuses ones that break a rule', () => {
    expect(readPaymentTerms(DEFAULT_PAYMENT_TERMS)).toEqual(DEFAULT_PAYMENT_TERMS)
    expect(readPaymentTerms({ ...DEFAULT_PAYMENT_TERMS, milestones: [{ share: '99.99', event: 'shipped', offsetDays: 0 }] })).toBeNull()
    expect(readPaymentTerms({ ...DEFAULT_PAYMENT_TERMS, method: 'open_account' })).toBeNull()
    expect(readPaymentTerms({ ...DEFAULT_PAYMENT_TERMS, extra: 1 })).toBeNull()
    expect(readPaymentTerms('30/70')).toBeNull()
    expect(readPaymentTerms(null)).toBeNull()
  })

  it('shows an old row its free text, and a new row its terms', () => {
    expect(paymentTermsView({ paymentSchedule: null, paymentTerms: ' LC at sight ' })).toEqual({ kind: 'text', text: 'LC at sight' })
    expect(paymentTermsView({ paymentSchedule: null, paymentTerms: null })).toEqual({ kind: 'none' })
    expect(paymentTermsView({ paymentSchedule: DEFAULT_PAYMENT_TERMS, paymentTerms: 'old' })).toEqual({ kind: 'terms', terms: DEFAULT_PAYMENT_TERMS })
  })

  it('fills the form with stored terms, which the form reads back unchanged', () => {
    const draft = paymentTermsDraft({ method: 'lc_deferred', methodDays: 60, shipBeforePaid: true, milestones: [{ share: '100', event: 'shipped', offsetDays: 0 }] })
    const fd = form(draft.method, draft.milestones.map((m): Row => [m.share, m.event, m.offsetDays]), { 'terms.methodDays': draft.methodDays, 'terms.shipBeforePaid': 'on' })
    expect(parse(fd)).toMatchObject({ ok: true, value: { terms: { method: 'lc_deferred', methodDays: 60, shipBeforePaid: true } } })
  })
})

describe('a method without days', () => {
  it('ignores whatever its hidden days field holds', () => {
    const result = parse(form('cash_against_documents', [['100', 'shipped']], { 'terms.methodDays': 'ninety' }))
    expect(result.ok && result.value.terms.methodDays).toBe(null)
  })
})
