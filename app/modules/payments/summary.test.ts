// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Payment terms as text (PaymentTermsSummary, describePaymentTerms): the method with its days and each
// milestone on its line, in English, Russian and Hindi; an old row's free text as written.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { LanguageCode, PaymentTerms } from '~/domain'
import { createFixedInstance } from '~/lib/i18next.server'
import { PaymentTermsSummary } from './components/payment-terms-summary'
import { DEFAULT_PAYMENT_TERMS, type PaymentTermsView } from './schemas'
import { describePaymentTerms } from './terms-text'

const DEFERRED: PaymentTerms = {
  method: 'lc_deferred',
  methodDays: 90,
  shipBeforePaid: true,
  milestones: [
    { share: '33.34', event: 'order_accepted', offsetDays: 0 },
    { share: '66.66', event: 'shipped', offsetDays: 30 },
  ],
}

async function text(terms: PaymentTerms, lng: LanguageCode) {
  const i18n = await createFixedInstance(lng)
  return describePaymentTerms(terms, i18n.t.bind(i18n))
}

async function render(view: PaymentTermsView, lng: LanguageCode = 'en') {
  const i18n = await createFixedInstance(lng)
  return renderToString(h(MemoryRouter, null, h(I18nextProvider, { i18n }, h(PaymentTermsSummary, { view }))))
}

describe('describePaymentTerms', () => {
  it('says the method and each milestone, on its event or days after it', async () => {
    expect(await text(DEFAULT_PAYMENT_TERMS, 'en')).toEqual({ method: 'Bank transfer (T/T)', milestones: ['30 % on proforma issued', '70 % on shipped'], shipBeforePaid: null })
    expect(await text({ ...DEFAULT_PAYMENT_TERMS, milestones: [{ share: '30', event: 'proforma_issued', offsetDays: 0 }, { share: '70', event: 'shipped', offsetDays: 30 }] }, 'en')).toMatchObject({
      milestones: ['30 % on proforma issued', '70 % 30 days after shipped'],
    })
    expect(await text(DEFERRED, 'en')).toEqual({
      method: 'Letter of credit, deferred, 90 days',
      milestones: ['33.34 % on order accepted', '66.66 % 30 days after shipped'],
      shipBeforePaid: 'The seller ships without waiting for the payments due before shipment.',
    })
  })

  it('speaks Russian and Hindi, with their plural days', async () => {
    expect(await text(DEFERRED, 'ru')).toMatchObject({ method: 'Аккредитив с отсрочкой платежа, 90 дней', milestones: ['33.34 % при принятии заказа', '66.66 % через 30 дней после отгрузки'] })
    expect(await text({ ...DEFERRED, methodDays: 1 }, 'ru')).toMatchObject({ method: 'Аккредитив с отсрочкой платежа, 1 день' })
    expect(await text(DEFERRED, 'hi')).toMatchObject({ method: 'साख पत्र (आस्थगित भुगतान), 90 दिन', milestones: ['ऑर्डर स्वीकार होने पर 33.34 %', 'शिपमेंट के 30 दिन बाद 66.66 %'] })
  })
})

describe('PaymentTermsSummary', () => {
  it('shows the terms in the reader\'s numbers, one milestone per line', async () => {
    const en = await render({ kind: 'terms', terms: DEFERRED })
    expect(en).toContain('<span>Letter of credit, deferred, 90 days</span>')
    expect(en).toContain('<li>33.34 % on order accepted</li><li>66.66 % 30 days after shipped</li>')
    expect(await render({ kind: 'terms', terms: DEFERRED }, 'ru')).toContain('<li>33,34 % при принятии заказа</li>')
  })

  it('shows an old row its free text, and nothing without terms', async () => {
    expect(await render({ kind: 'text', text: 'LC at sight' })).toBe('<span class="break-words">LC at sight</span>')
    expect(await render({ kind: 'none' })).toBe('')
  })
})
