// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { createFixedInstance } from '~/lib/i18next.server'
import { readerOf } from '~/lib/i18n'
import { notificationText } from './messages'

const textIn = async (lng: 'en' | 'ru' | 'hi', kind: string, params: Record<string, string>) => {
  const i18n = await createFixedInstance(lng)
  return notificationText(i18n.getFixedT(lng), readerOf(lng, lng === 'ru' ? 'Russia' : 'India'), kind, params).body
}

describe('a notice names the unit of its quantity (issue 28)', () => {
  it('says what a price is per and counts in the unit', async () => {
    expect(await textIn('en', 'quote_countered', { title: 'Oil', amount: '1120.00', currency: 'USD', quantity: '12', unit: 'tonnes' })).toBe(
      'The other party proposes $1,120.00 per tonne for 12 t. It is your turn to reply.',
    )
    expect(await textIn('en', 'order_placed', { order: 'ab12cd34', amount: '9000.00', currency: 'USD', quantity: '3', unit: 'containers_40ft' })).toBe(
      '3 40-ft containers, $9,000.00 in total. Review the order and move it along.',
    )
    expect(await textIn('ru', 'order_placed', { order: 'ab12cd34', amount: '245000.00', currency: 'RUB', quantity: '200', unit: 'tonnes' })).toContain('Количество: 200 т')
    expect(await textIn('hi', 'quote_countered', { title: 'Tea', amount: '3.60', currency: 'USD', quantity: '500', unit: 'kg' })).toContain('प्रति किलोग्राम')
  })

  it('a new quote says what its price is per, a product request how much is asked for', async () => {
    expect(await textIn('en', 'quote_received', { title: 'Wheat', amount: '245.00', currency: 'USD', quantity: '500', unit: 'tonnes' })).toBe(
      'A seller offers $245.00 per tonne. Compare it with your other quotes and reply.',
    )
    expect(await textIn('ru', 'quote_received', { title: 'Wheat', amount: '245.00', currency: 'USD', quantity: '500', unit: 'tonnes' })).toContain('за тонну')
    expect(await textIn('hi', 'quote_received', { title: 'Wheat', amount: '245.00', currency: 'USD', quantity: '500', unit: 'tonnes' })).toContain('प्रति टन')
    expect(await textIn('en', 'request_received', { title: 'Request: Tea', product: 'Assam tea', quantity: '12', unit: 'kg', currency: 'USD' })).toBe(
      'A buyer asks you for a quote on 12 kg of “Assam tea”.',
    )
    expect(await textIn('ru', 'request_received', { title: 'Request: Tea', product: 'Чай', quantity: '3', unit: 'containers', currency: 'USD' })).toContain('3 контейнера')
    // A quote notice stored before units were stamped on it still reads "per unit".
    expect(await textIn('en', 'quote_received', { title: 'Wheat', amount: '245.00', currency: 'USD' })).toBe('A seller offers $245.00 per unit. Compare it with your other quotes and reply.')
  })

  it('reads a notice written before units as "units"', async () => {
    expect(await textIn('en', 'order_placed', { order: 'ab12cd34', amount: '200.00', currency: 'USD', quantity: '200' })).toBe(
      '200 units, $200.00 in total. Review the order and move it along.',
    )
    expect(await textIn('en', 'quote_countered', { title: 'Oil', amount: '5.00', currency: 'USD', quantity: '1' })).toBe(
      'The other party proposes $5.00 per unit for 1 unit. It is your turn to reply.',
    )
  })
})

describe('a payment milestone notice (issue 29)', () => {
  it('names the milestone, its amount and its due day in the reader’s language', async () => {
    const params = { order: 'ab12cd34', milestone: '1', amount: '1500.00', currency: 'USD', due: '2026-12-02' }
    expect(await textIn('en', 'milestone_due_soon', params)).toBe('Milestone 1 ($1,500.00) is due on 2 Dec 2026. Pay it and upload the proof on the order page.')
    expect(await textIn('ru', 'milestone_overdue', params)).toContain('2 дек. 2026')
    expect(await textIn('hi', 'milestone_proof_submitted', params)).toContain('चरण 1')
  })
})
