// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The payment terms inputs (PaymentTermsFields), rendered as the server sends them, and their edits.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { MILESTONES_MAX, type LanguageCode } from '~/domain'
import { createFixedInstance } from '~/lib/i18next.server'
import { PaymentTermsFields, type PaymentTermsFieldsProps } from './components/payment-terms-fields'
import { draftReducer, draftState, draftTotal } from './components/terms-draft'
import type { PaymentTermsDraft } from './schemas'

async function render(props: PaymentTermsFieldsProps = {}, lng: LanguageCode = 'en') {
  const i18n = await createFixedInstance(lng)
  return renderToString(h(MemoryRouter, null, h(I18nextProvider, { i18n }, h(PaymentTermsFields, props))))
}

const draft = (method: string, shares: string[], methodDays = ''): PaymentTermsDraft => ({
  method,
  methodDays,
  shipBeforePaid: false,
  milestones: shares.map((share) => ({ share, event: 'shipped', offsetDays: '0' })),
})

/** Each label's `for` and the input it names. */
const labelled = (html: string) => [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]*)<\/label>/g)].map(([, id, text]) => ({ id: id!, text: text!, input: new RegExp(`<(input|select)[^>]*id="${id!.replace(/[:]/g, '\\:')}"[^>]*>`).exec(html)?.[0] }))

describe('PaymentTermsFields', () => {
  it('starts with bank transfer, 30 % on the proforma and 70 % on shipment, adding up to 100 %', async () => {
    const html = await render()
    expect(html).toContain('<legend class="mb-2 text-base font-semibold">Payment terms</legend>')
    expect(html).toMatch(/<select[^>]*name="terms.method"[^>]*>.*<option value="bank_transfer" selected="">Bank transfer \(T\/T\)<\/option>/)
    expect(html).toMatch(/name="terms.milestones.0.share"[^>]*value="30"|value="30"[^>]*name="terms.milestones.0.share"/)
    expect(html).toMatch(/name="terms.milestones.1.share"[^>]*value="70"|value="70"[^>]*name="terms.milestones.1.share"/)
    expect(html).toMatch(/role="status" aria-live="polite"[^>]*>Adds up to 100 %.<\/p>/)
    expect(html).not.toContain('terms.methodDays')
  })

  it('labels every input and select, each label naming its own control', async () => {
    const html = await render()
    const labels = labelled(html)
    expect(labels.map((l) => l.text)).toEqual(['Payment method', 'Share, %', 'Due on', 'Days after', 'Share, %', 'Due on', 'Days after', 'The seller may ship before the payments due before shipment are confirmed'])
    for (const label of labels) expect(label.input, label.text).toBeDefined()
    expect(new Set(labels.map((l) => l.id)).size).toBe(labels.length)
    expect(html).toContain('Remove milestone 2')
    expect(html).toContain('>Add a milestone</button>')
  })

  it('asks for the days of a deferred letter of credit, within the domain limits', async () => {
    const html = await render({ defaultValue: draft('lc_deferred', ['100'], '90') })
    expect(html).toMatch(/<input[^>]*name="terms.methodDays"[^>]*>/)
    const input = /<input[^>]*name="terms.methodDays"[^>]*>/.exec(html)![0]
    expect(input).toContain('min="1"')
    expect(input).toContain('max="365"')
    expect(input).toContain('value="90"')
    expect(input).toContain('required=""')
  })

  it('says how far the shares are from 100 %, in the reader\'s numbers', async () => {
    const short = draft('bank_transfer', ['33.33', '33.33', '33.33'])
    expect(await render({ defaultValue: short })).toContain('Adds up to 99.99 %: 0.01 % still to place.')
    expect(await render({ defaultValue: short }, 'ru')).toContain('В сумме 99,99 %: осталось распределить 0,01 %.')
    expect(await render({ defaultValue: draft('bank_transfer', ['40', '70']) })).toContain('Adds up to 110 %: 10 % too much.')
  })

  it('shows each refusal on its field, translated, with the field marked invalid and described by it', async () => {
    const html = await render({
      defaultValue: draft('bank_transfer', ['0', '100']),
      errors: { 'terms.milestones.0.share': 'payments:errors.sharePositive', 'terms.milestones': 'payments:errors.sharesTotal', 'terms.milestones.1.offsetDays': 'payments:errors.offsetTooLong' },
    })
    const share = /<input[^>]*name="terms.milestones.0.share"[^>]*>/.exec(html)![0]
    expect(share).toContain('aria-invalid="true"')
    const describedBy = /aria-describedby="([^"]+)"/.exec(share)![1]!
    expect(html).toContain(`id="${describedBy}" class="text-sm text-destructive">A share must be more than 0 %.</p>`)
    expect(html).toContain('A payment falls due at most 365 days after its event.')
    expect(html).toContain('The shares must add up to exactly 100 %.')
  })

  it('offers no more rows once the schedule is full, and no removing the last one', async () => {
    const full = await render({ defaultValue: draft('bank_transfer', Array.from({ length: MILESTONES_MAX }, () => '10')) })
    expect(full).toMatch(/<button[^>]*disabled=""[^>]*>Add a milestone<\/button>/)
    const one = await render({ defaultValue: draft('bank_transfer', ['100']) })
    expect(one).toMatch(/<button[^>]*disabled=""[^>]*>Remove milestone 1<\/button>/)
  })
})

describe('editing the draft', () => {
  const start = draftState(draft('bank_transfer', ['30']))

  it('adds a row holding what the shares leave, on the next event', () => {
    const added = draftReducer(start, { type: 'add' })
    expect(added.rows.map(({ share, event, key }) => ({ share, event, key }))).toEqual([
      { share: '30', event: 'shipped', key: 0 },
      { share: '70', event: 'delivered', key: 1 },
    ])
    expect(draftTotal(added)).toBe(10_000)
  })

  it('adds nothing past the limit and never removes the last row', () => {
    let state = start
    for (let i = 0; i < MILESTONES_MAX + 3; i++) state = draftReducer(state, { type: 'add' })
    expect(state.rows).toHaveLength(MILESTONES_MAX)
    let one = start
    one = draftReducer(one, { type: 'remove', index: 0 })
    expect(one.rows).toHaveLength(1)
  })

  it('keeps each remaining row its key when another is removed, and reads a comma as the point', () => {
    let state = draftReducer(draftReducer(start, { type: 'add' }), { type: 'add' })
    state = draftReducer(state, { type: 'row', index: 1, input: 'share', value: '33,5' })
    state = draftReducer(state, { type: 'remove', index: 0 })
    expect(state.rows.map((r) => r.key)).toEqual([1, 2])
    expect(draftTotal(state)).toBe(3350)
  })
})
