// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { DISPUTE_EVIDENCE, KYC_DOCUMENT, MESSAGE_ATTACHMENT, nameMatchesType, PAYMENT_PROOF, PRODUCT_IMAGE, RATES_CSV } from './uploads'

const MB = 1024 * 1024
const picked = (name: string, size = 100, type = '') => ({ name, size, type })

describe('upload rules', () => {
  it('give the picker its accept string and the server its body caps', () => {
    for (const rule of [KYC_DOCUMENT, MESSAGE_ATTACHMENT, DISPUTE_EVIDENCE]) expect(rule.accept).toBe('.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png')
    expect(PRODUCT_IMAGE.accept).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp')
    expect(KYC_DOCUMENT.maxRequestBytes).toBe(5 * MB + 64 * 1024)
    expect(PRODUCT_IMAGE.maxRequestBytes).toBe(10 * MB + 64 * 1024)
    expect(MESSAGE_ATTACHMENT.maxRequestBytes).toBe(52 * MB)
    expect(DISPUTE_EVIDENCE.maxRequestBytes).toBe(52 * MB)
    expect(RATES_CSV.accept).toBe('.csv,text/csv')
    expect(RATES_CSV.maxRequestBytes).toBe(128 * 1024 + 64 * 1024)
  })
})

describe("the rule's check (the form before submit)", () => {
  it.each([
    ['KYC: nothing chosen', KYC_DOCUMENT, [], 0, 'kyc:errors.required'],
    ['KYC: an empty file', KYC_DOCUMENT, [picked('a.pdf', 0)], 0, 'kyc:errors.required'],
    ['KYC: 5 MB + 1 byte', KYC_DOCUMENT, [picked('a.pdf', 5 * MB + 1)], 0, 'kyc:errors.tooLarge'],
    ['KYC: a .exe said to be a PDF', KYC_DOCUMENT, [picked('setup.exe', 100, 'application/pdf')], 0, 'kyc:errors.invalidType'],
    ['KYC: a .JPG', KYC_DOCUMENT, [picked('scan.JPG', 5 * MB)], 0, null],
    ['image: a sixth', PRODUCT_IMAGE, [picked('a.jpg')], 5, 'products:images.errors.max'],
    ['image: a fifth', PRODUCT_IMAGE, [picked('a.jpg')], 4, null],
    ['image: a nameless JPEG', PRODUCT_IMAGE, [picked('clipboard', 100, 'image/jpeg')], 0, null],
    ['image: a HEIC', PRODUCT_IMAGE, [picked('a.heic', 100, 'image/heic')], 0, 'products:images.errors.invalidType'],
    ['image: 10 MB + 1 byte', PRODUCT_IMAGE, [picked('a.png', 10 * MB + 1)], 0, 'products:images.errors.tooLarge'],
    ['message: no file', MESSAGE_ATTACHMENT, [], 0, null],
    ['message: six files', MESSAGE_ATTACHMENT, Array.from({ length: 6 }, () => picked('a.pdf')), 0, 'messages:errors.tooManyFiles'],
    ['message: a text file', MESSAGE_ATTACHMENT, [picked('notes.txt', 100, 'text/plain')], 0, 'messages:errors.fileType'],
    ['message: 10 MB + 1 byte', MESSAGE_ATTACHMENT, [picked('a.pdf', 10 * MB + 1)], 0, 'messages:errors.fileTooLarge'],
    ['evidence: six files', DISPUTE_EVIDENCE, Array.from({ length: 6 }, () => picked('a.png')), 0, 'disputes:errors.tooManyFiles'],
    ['evidence: an HTML page', DISPUTE_EVIDENCE, [picked('page.html', 100, 'text/html')], 0, 'disputes:errors.fileType'],
    ['rates: no file', RATES_CSV, [], 0, 'adminRates:errors.csvMissing'],
    ['rates: a CSV Windows calls Excel', RATES_CSV, [picked('rates.CSV', 100, 'application/vnd.ms-excel')], 0, null],
    ['rates: a spreadsheet', RATES_CSV, [picked('rates.xlsx', 100)], 0, 'adminRates:errors.csvType'],
    ['rates: 128 KB + 1 byte', RATES_CSV, [picked('rates.csv', 128 * 1024 + 1)], 0, 'adminRates:errors.csvTooLarge'],
    ['payment proof: nothing chosen', PAYMENT_PROOF, [], 0, 'payments:errors.proofRequired'],
    ['payment proof: a Word file', PAYMENT_PROOF, [picked('receipt.docx', 100)], 0, 'payments:errors.proofType'],
    ['payment proof: 10 MB + 1 byte', PAYMENT_PROOF, [picked('swift.pdf', 10 * MB + 1)], 0, 'payments:errors.proofTooLarge'],
    ['payment proof: two files', PAYMENT_PROOF, [picked('a.pdf'), picked('b.pdf')], 0, 'payments:errors.proofOne'],
    ['payment proof: a photo of the receipt', PAYMENT_PROOF, [picked('receipt.JPEG', 3 * MB)], 0, null],
    ['evidence: five photos', DISPUTE_EVIDENCE, Array.from({ length: 5 }, () => picked('a.jpeg')), 0, null],
  ] as const)('%s', (_, rule, files, listed, want) => expect(rule.check(files, listed)).toBe(want))
})

describe('nameMatchesType', () => {
  it.each([
    ['offer.pdf', 'application/pdf', true],
    ['OFFER.PDF', 'application/pdf', true],
    ['photo.jpeg', 'image/jpeg', true],
    ['photo.jpg', 'image/jpeg', true],
    ['scan', 'image/png', true],
    ['.png', 'image/png', true],
    ['offer.pdf', 'image/png', false],
    ['setup.exe', 'application/pdf', false],
    ['page.html', 'application/pdf', false],
  ] as const)('%s as %s → %s', (name, type, want) => expect(nameMatchesType(name, type)).toBe(want))
})
