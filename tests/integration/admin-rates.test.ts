// Issue 28 item 3: exchange rates kept by the operator. Entry on /admin/rates with its audit row, the
// CSV import (all or nothing, the bad row named), absurd rates refused against the pair's last one,
// the lookup later items convert with (direct, inverse, by date, stale → nothing) and
// `npm run rates:import`.
import type { AdminRole } from '~/domain'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, desc, eq, gt, max } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, exchangeRates } from '../../db/schema'
import { utcDay } from '~/domain'
import { getDb } from '~/lib/db.server'
import { env } from '~/lib/env.server'
import { convertAmount, latestRate } from '~/modules/rates/rates.server'
import { action as ratesAction, loader as ratesLoader } from '~/routes/admin/rates'
import { importRatesFile } from '../../db/cli/rates-import'
import { ADMIN_CLIENT, signedInAdmin } from '../factories/admins'
import { pngBytes } from '../factories/files'
import { callRoute, form, toastOf } from './account-support'

const TODAY = utcDay(new Date())
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * 86_400_000))
const HEADER = 'from,to,rate,effective_date,source'

const manager = (role: AdminRole = 'admin') => signedInAdmin(role)

const add = (cookie: string, fields: Partial<Record<'from' | 'to' | 'rate' | 'effectiveDate' | 'source', string>>) =>
  callRoute(ratesAction, '/admin/rates', {
    cookie,
    headers: ADMIN_CLIENT,
    body: form({ intent: 'add', from: 'USD', to: 'INR', rate: '84.4875', effectiveDate: TODAY, source: 'RBI reference rate', ...fields }),
  })

const upload = (cookie: string, file: Blob, name = 'rates.csv') => callRoute(ratesAction, '/admin/rates', { cookie, headers: ADMIN_CLIENT, body: form({ intent: 'import', file: new File([file], name, { type: 'text/csv' }) }) })
const csv = (...lines: string[]) => new Blob([[HEADER, ...lines].join('\n')])

const stored = () => getDb().select().from(exchangeRates).orderBy(desc(exchangeRates.effectiveDate))
/** The audit log is append-only: each test reads the rows written since it began. */
let auditMark = 0
const auditOf = (action: string) => getDb().select().from(auditLog).where(and(eq(auditLog.action, action), gt(auditLog.id, auditMark))).orderBy(desc(auditLog.id))

/** Writes rates straight to the table (a known history for the lookup). */
async function seedRates(rows: { from: 'USD' | 'INR' | 'RUB' | 'EUR'; to: 'USD' | 'INR' | 'RUB' | 'EUR'; rate: string; effectiveDate: string; createdAt?: Date }[]) {
  await getDb()
    .insert(exchangeRates)
    .values(rows.map((r) => ({ fromCurrency: r.from, toCurrency: r.to, rate: r.rate, effectiveDate: r.effectiveDate, source: 'test', origin: 'cli' as const, createdAt: r.createdAt })))
}

beforeEach(async () => {
  await getDb().delete(exchangeRates)
  auditMark = (await getDb().select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0
})

describe('/admin/rates: entering a rate', () => {
  it('keeps the rate exactly, writes its rate_add audit row and shows it in the history', async () => {
    const a = await manager('admin')
    const out = await add(a.cookie, { rate: '84.4875', source: '  RBI  reference rate ' })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/admin/rates')
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'adminRates:toast.added', values: { from: 'USD', to: 'INR' } })

    const [row] = await stored()
    expect(row).toMatchObject({ fromCurrency: 'USD', toCurrency: 'INR', rate: '84.4875000000', effectiveDate: TODAY, source: 'RBI reference rate', origin: 'form', createdBy: a.id })
    const [audit] = await auditOf('rate_add')
    expect(audit).toMatchObject({ adminId: a.id, targetType: 'exchange_rate', targetId: row!.id, ipAddress: '203.0.113.9' })
    expect(audit!.newValue).toEqual({ from: 'USD', to: 'INR', rate: '84.4875000000', effectiveDate: TODAY, source: 'RBI reference rate' })

    const page = await callRoute(ratesLoader, '/admin/rates', { cookie: a.cookie })
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    const view = page.data as { page: { total: number; rates: { rate: string; adminEmail: string | null; origin: string }[] } }
    expect(view.page.total).toBe(1)
    expect(view.page.rates[0]).toMatchObject({ rate: '84.4875000000', adminEmail: a.email, origin: 'form' })
  })

  it('lets a super admin in and keeps a moderator out (403, nothing written)', async () => {
    expect((await add((await manager('super_admin')).cookie, {})).status).toBe(302)
    const moderator = await manager('moderator')
    expect((await add(moderator.cookie, { effectiveDate: daysAgo(1) })).status).toBe(403)
    expect((await callRoute(ratesLoader, '/admin/rates', { cookie: moderator.cookie })).status).toBe(403)
    expect(await stored()).toHaveLength(1)
  })

  it.each([
    ['a rate of zero', { rate: '0' }, 'rate', 'rateZero'],
    ['a negative rate', { rate: '-84' }, 'rate', 'rateNegative'],
    ['a pair of one currency', { to: 'USD' }, 'to', 'samePair'],
    ['an unknown currency', { from: 'GBP' }, 'from', 'currencyInvalid'],
    ['a date more than a year ahead', { effectiveDate: utcDay(new Date(Date.now() + 367 * 86_400_000)) }, 'effectiveDate', 'dateTooFar'],
    ['a note too long', { source: 'x'.repeat(201) }, 'source', 'sourceTooLong'],
  ])('refuses %s with its field named, writing nothing', async (_, change, field, key) => {
    const a = await manager()
    const out = await add(a.cookie, change)
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ intent: 'add', fieldErrors: { [field]: `adminRates:errors.${key}` } })
    expect(await stored()).toEqual([])
    expect(await auditOf('rate_add')).toEqual([])
  })

  it('refuses an absurd rate: more than 1,000 times the last one for the pair, or less than 1/1,000, in either direction', async () => {
    const a = await manager()
    expect((await add(a.cookie, { rate: '84', effectiveDate: daysAgo(1) })).status).toBe(302)
    const tooHigh = await add(a.cookie, { rate: '84000.01' })
    expect(tooHigh.status).toBe(400)
    expect(tooHigh.data).toMatchObject({
      intent: 'add',
      fieldErrors: { rate: 'adminRates:errors.rateAbsurd' },
      errorValues: { from: 'USD', to: 'INR', rate: '84000.01', last: '84', lastDate: daysAgo(1) },
    })
    expect((await add(a.cookie, { rate: '0.0839' })).status).toBe(400)
    // The rate typed the wrong way round: INR → USD 84 against 1/84.
    expect((await add(a.cookie, { from: 'INR', to: 'USD', rate: '84' })).data).toMatchObject({ fieldErrors: { rate: 'adminRates:errors.rateAbsurd' } })
    // At the edge: exactly 1,000 times is kept.
    expect((await add(a.cookie, { rate: '84000' })).status).toBe(302)
    expect(await stored()).toHaveLength(2)
    expect(await auditOf('rate_add')).toHaveLength(2)
  })
})

describe('/admin/rates: CSV import', () => {
  it('imports every row with one rate_import audit row', async () => {
    const a = await manager()
    const out = await upload(a.cookie, csv(`USD,INR,84.4875,${TODAY},RBI`, `usd,rub,100.3105,${TODAY},"CBR, official"`, `EUR,USD,1.0571,${daysAgo(1)},ECB`))
    expect(out.status).toBe(302)
    expect(await toastOf(out.response)).toMatchObject({ key: 'adminRates:toast.imported', values: { count: '3' } })
    const rows = await stored()
    expect(rows.map((r) => [r.fromCurrency, r.toCurrency, r.rate, r.origin, r.createdBy])).toEqual(
      expect.arrayContaining([
        ['USD', 'INR', '84.4875000000', 'csv', a.id],
        ['USD', 'RUB', '100.3105000000', 'csv', a.id],
        ['EUR', 'USD', '1.0571000000', 'csv', a.id],
      ]),
    )
    const [audit] = await auditOf('rate_import')
    expect(audit).toMatchObject({ adminId: a.id, targetType: 'exchange_rate' })
    expect(audit!.newValue).toEqual({ count: 3, pairs: 'EUR/USD USD/INR USD/RUB', from: daysAgo(1), to: TODAY, via: 'csv' })
  })

  it('is all or nothing: a malformed row is named and nothing is written', async () => {
    const a = await manager()
    const out = await upload(a.cookie, csv(`USD,INR,84.4875,${TODAY},RBI`, `USD,RUB,100.31,${TODAY},CBR`, `EUR,USD,0,${TODAY},ECB`))
    expect(out.status).toBe(400)
    expect(out.data).toEqual({ intent: 'import', problem: { key: 'adminRates:errors.csvRow', row: 4, field: 'rate', message: 'adminRates:errors.rateZero' } })
    expect(await stored()).toEqual([])
    expect(await auditOf('rate_import')).toEqual([])
  })

  it('refuses a row absurd against the stored rate or an earlier row of the same file, naming it', async () => {
    const a = await manager()
    await seedRates([{ from: 'USD', to: 'INR', rate: '84', effectiveDate: daysAgo(2) }])
    const against = await upload(a.cookie, csv(`USD,RUB,100,${TODAY},CBR`, `INR,USD,84,${TODAY},typo`))
    expect(against.data).toMatchObject({ problem: { key: 'adminRates:errors.csvRow', row: 3, field: 'rate', message: 'adminRates:errors.rateAbsurd', values: { from: 'INR', to: 'USD', rate: '84', lastDate: daysAgo(2) } } })
    const within = await upload(a.cookie, csv(`EUR,RUB,106,${daysAgo(1)},CBR`, `EUR,RUB,106000.5,${TODAY},typo`))
    expect(within.status).toBe(400)
    expect(within.data).toMatchObject({ problem: { row: 3, field: 'rate', values: { last: '106', lastDate: daysAgo(1) } } })
    expect(await stored()).toHaveLength(1)
  })

  it('refuses a file that is not CSV text, and no file', async () => {
    const a = await manager()
    const png = await upload(a.cookie, new Blob([Buffer.from(pngBytes())]), 'rates.csv')
    expect(png.status).toBe(400)
    expect(png.data).toMatchObject({ intent: 'import', problem: { key: 'adminRates:errors.csvType' } })
    const none = await callRoute(ratesAction, '/admin/rates', { cookie: a.cookie, headers: ADMIN_CLIENT, body: form({ intent: 'import' }) })
    expect(none.data).toMatchObject({ problem: { key: 'adminRates:errors.csvMissing' } })
    expect(await stored()).toEqual([])
  })
})

describe('latestRate and convertAmount', () => {
  it('uses the newest rate effective by the day asked, the direct pair or the inverse exact to 10 places', async () => {
    await seedRates([
      { from: 'USD', to: 'INR', rate: '83.25', effectiveDate: daysAgo(10) },
      { from: 'USD', to: 'INR', rate: '84', effectiveDate: daysAgo(2), createdAt: new Date(Date.now() - 60_000) },
      // A correction for the same day, entered later: it wins.
      { from: 'USD', to: 'INR', rate: '84.5', effectiveDate: daysAgo(2) },
      // Announced for next week: not in force yet.
      { from: 'USD', to: 'INR', rate: '90', effectiveDate: utcDay(new Date(Date.now() + 7 * 86_400_000)) },
    ])
    expect(await latestRate('USD', 'INR')).toMatchObject({ rate: '84.5000000000', effectiveDate: daysAgo(2), inverted: false, source: 'test' })
    expect(await latestRate('INR', 'USD')).toMatchObject({ rate: '0.0118343195', effectiveDate: daysAgo(2), inverted: true })
    expect(await latestRate('USD', 'INR', { at: new Date(Date.now() - 5 * 86_400_000) })).toMatchObject({ rate: '83.2500000000', effectiveDate: daysAgo(10) })
    expect(await latestRate('INR', 'USD', { at: new Date(Date.now() - 5 * 86_400_000) })).toMatchObject({ rate: '0.0120120120', inverted: true })
    expect(await latestRate('USD', 'INR', { at: new Date(Date.now() - 20 * 86_400_000) })).toBeNull()
    expect(await latestRate('USD', 'RUB')).toBeNull()
    expect(await latestRate('RUB', 'RUB')).toMatchObject({ rate: '1.0000000000', effectiveDate: TODAY })
  })

  it('takes the other direction when its rate is newer, the direct one on the same day', async () => {
    await seedRates([
      { from: 'RUB', to: 'INR', rate: '0.84', effectiveDate: daysAgo(5) },
      { from: 'INR', to: 'RUB', rate: '1.2', effectiveDate: daysAgo(1) },
    ])
    expect(await latestRate('RUB', 'INR')).toMatchObject({ rate: '0.8333333333', inverted: true, effectiveDate: daysAgo(1) })
    await seedRates([{ from: 'RUB', to: 'INR', rate: '0.85', effectiveDate: daysAgo(1) }])
    expect(await latestRate('RUB', 'INR')).toMatchObject({ rate: '0.8500000000', inverted: false })
  })

  it('converts exactly with the rate it names, and converts nothing past the maximum age', async () => {
    await seedRates([{ from: 'RUB', to: 'INR', rate: '0.9333', effectiveDate: daysAgo(3) }])
    expect(await convertAmount('21450.00', 'RUB', 'INR')).toMatchObject({ amount: '20019.29', rate: { rate: '0.9333000000', effectiveDate: daysAgo(3) } })
    expect(await convertAmount('20019.29', 'INR', 'RUB')).toMatchObject({ amount: '21450.01', rate: { rate: '1.0714668381', inverted: true } })
    expect(await convertAmount('1', 'RUB', 'INR', { scale: 4 })).toMatchObject({ amount: '0.9333' })
    // The default maximum age is RATE_MAX_AGE_DAYS (7 unless configured).
    expect(env().RATE_MAX_AGE_DAYS).toBe(7)
    expect(await convertAmount('100', 'RUB', 'INR', { maxAgeDays: 3 })).not.toBeNull()
    expect(await convertAmount('100', 'RUB', 'INR', { maxAgeDays: 2 })).toBeNull()
    expect(await convertAmount('100', 'RUB', 'INR', { at: new Date(Date.now() + 5 * 86_400_000) })).toBeNull()
    expect(await convertAmount('100', 'RUB', 'INR', { at: new Date(Date.now() + 4 * 86_400_000) })).not.toBeNull()
    expect(await convertAmount('100', 'USD', 'EUR')).toBeNull()
    await expect(convertAmount('-1', 'RUB', 'INR')).rejects.toThrow(RangeError)
  })
})

describe('npm run rates:import', () => {
  const file = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-rates-'))
    const p = path.join(dir, 'rates.csv')
    fs.writeFileSync(p, text)
    return p
  }

  it('imports a CSV with one rate_import audit row of no admin', async () => {
    const p = file(`${HEADER}\nUSD,INR,84.4875,${TODAY},RBI\nINR,RUB,1.1873,${TODAY},CBR\n`)
    expect(await importRatesFile(p)).toBe(`[setu] imported 2 exchange rates from ${p}.`)
    expect((await stored()).map((r) => [r.origin, r.createdBy])).toEqual([
      ['cli', null],
      ['cli', null],
    ])
    const [audit] = await auditOf('rate_import')
    expect(audit).toMatchObject({ adminId: null, userAgent: 'setu rates:import' })
    expect(audit!.newValue).toMatchObject({ count: 2, via: 'cli' })
  })

  it('says which row is wrong, in English, and writes nothing', async () => {
    const p = file(`${HEADER}\nUSD,INR,84.4875,${TODAY},RBI\nUSD,RUB,abc,${TODAY},CBR\n`)
    await expect(importRatesFile(p)).rejects.toThrow(`${p}: Row 3, Rate: Enter the rate as a number with a dot, e.g. 83.25. Nothing was imported.`)
    await expect(importRatesFile(path.join(path.dirname(p), 'missing.csv'))).rejects.toThrow('no such file')
    expect(await stored()).toEqual([])
  })
})
