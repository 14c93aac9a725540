// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { elfBytes, exeBytes, htmlBytes, jpegBytes, makeFile, padTo, pdfBytes, pngBytes, useTempStorage } from '../../tests/factories/files'
import { checkUpload, checkUploads, deleteUploads, isPlainText, readFormDataWithLimit, safeFileName, storeUploads } from './uploads.server'
import { DISPUTE_EVIDENCE, KYC_DOCUMENT, MESSAGE_ATTACHMENT, PRODUCT_IMAGE, RATES_CSV, type UploadRule } from '~/domain/uploads'

const MB = 1024 * 1024
const webpBytes = () => new TextEncoder().encode('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00')
const gifBytes = () => new TextEncoder().encode('GIF89a\x01\x00\x01\x00')

// Each use, with a file of a type it takes (its bytes and stored extension) and a name of another type it takes.
const RULES: [string, UploadRule, () => Uint8Array, string, string][] = [
  ['KYC document', KYC_DOCUMENT, pdfBytes, 'pdf', 'photo.png'],
  ['product image', PRODUCT_IMAGE, jpegBytes, 'jpg', 'photo.png'],
  ['message attachment', MESSAGE_ATTACHMENT, pngBytes, 'png', 'offer.pdf'],
  ['dispute evidence', DISPUTE_EVIDENCE, pdfBytes, 'pdf', 'photo.jpeg'],
]

describe.each(RULES)('the %s rule', (_, rule, good, ext, otherName) => {
  it('takes a file of an allowed type, judged by its bytes, whatever the client says it is', async () => {
    const result = await checkUploads(rule, [makeFile(good(), `scan.${ext}`, 'application/octet-stream')])
    expect(result).toMatchObject({ ok: true, files: [{ ext }] })
    if (result.ok) expect(result.files[0]!.bytes).toEqual(good())
  })

  it('refuses a wrong type, even named and typed as an allowed one', async () => {
    for (const bytes of [htmlBytes(), elfBytes(), exeBytes(), gifBytes()]) {
      expect(await checkUploads(rule, [makeFile(bytes, `file.${ext}`, 'image/png')])).toEqual({ ok: false, status: 400, error: rule.errors.invalidType })
    }
  })

  it(rule.keptName ? 'refuses a renamed file whose name disagrees with its bytes' : 'ignores the name of a renamed file (it is stored under a name of ours)', async () => {
    const result = await checkUploads(rule, [makeFile(good(), otherName)])
    if (rule.keptName) expect(result).toEqual({ ok: false, status: 400, error: rule.errors.nameMismatch ?? rule.errors.invalidType })
    else expect(result).toMatchObject({ ok: true, files: [{ ext }] })
  })

  it('takes exactly the largest size and refuses one byte more (413)', async () => {
    expect(await checkUploads(rule, [makeFile(padTo(good(), rule.maxBytes), `a.${ext}`)])).toMatchObject({ ok: true })
    expect(await checkUploads(rule, [makeFile(padTo(good(), rule.maxBytes + 1), `a.${ext}`)])).toEqual({ ok: false, status: 413, error: rule.errors.tooLarge })
  })

  it('refuses too many files, counting those the form already lists', async () => {
    const file = () => makeFile(good(), `a.${ext}`)
    const tooMany = { ok: false, status: 400, error: rule.errors.tooMany ?? rule.errors.invalidType }
    if (rule.perRequest > 1) {
      expect(await checkUploads(rule, Array.from({ length: rule.maxCount }, file))).toMatchObject({ ok: true })
      expect(await checkUploads(rule, Array.from({ length: rule.maxCount + 1 }, file))).toEqual(tooMany)
    } else {
      expect(await checkUpload(rule, file(), { listed: rule.maxCount - 1 })).toMatchObject({ ok: true })
      expect(await checkUpload(rule, file(), { listed: rule.maxCount })).toEqual(tooMany)
    }
  })

  it(rule.errors.missing ? 'requires a file' : 'takes no file at all', async () => {
    for (const nothing of [[], [null], ['a text field'], [makeFile(new Uint8Array(), '', 'application/octet-stream')]]) {
      const result = await checkUploads(rule, nothing)
      expect(result).toEqual(rule.errors.missing ? { ok: false, status: 400, error: rule.errors.missing } : { ok: true, files: [] })
    }
  })

  it('gives a safe stored name', async () => {
    const result = await checkUploads(rule, [makeFile(good(), `../../etc/in\u202evoice.${ext}`)])
    expect(result).toMatchObject({ ok: true, files: [{ fileName: `in_voice.${ext}` }] })
  })
})

describe('the KYC document rule', () => {
  it.each([
    ['a PDF', pdfBytes(), 'pdf', 'application/pdf'],
    ['a JPEG', jpegBytes(), 'jpg', 'image/jpeg'],
    ['a PNG', pngBytes(), 'png', 'image/png'],
  ] as const)('accepts %s recognised from its bytes', async (_, bytes, ext, mime) => {
    expect(await checkUpload(KYC_DOCUMENT, makeFile(bytes, 'scan', 'application/octet-stream'))).toMatchObject({ ok: true, file: { ext, mime } })
  })

  it.each([
    ['HTML renamed .pdf', htmlBytes(), 'certificate.pdf', 'application/pdf'],
    ['plain text', new TextEncoder().encode('GST certificate number 12345'), 'gst.txt', 'text/plain'],
    ['a ZIP', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, ...new Array(40).fill(0)]), 'docs.pdf', 'application/pdf'],
  ])('rejects %s as an invalid type', async (_, bytes, name, type) => {
    expect(await checkUpload(KYC_DOCUMENT, makeFile(bytes, name, type))).toEqual({ ok: false, status: 400, error: 'kyc:errors.invalidType' })
  })

  it('is at most 5 MB', () => expect(KYC_DOCUMENT.maxBytes).toBe(5 * MB))

  it.each([
    '../../etc/passwd',
    '..\\..\\windows\\system32.pdf',
    '<script>alert(1)</script>.pdf',
    'a'.repeat(5000) + '.pdf',
    'résumé\u0000.exe.pdf',
    '/absolute/path.png',
  ])('ignores the client file name %#', async (name) => {
    expect(await checkUpload(KYC_DOCUMENT, makeFile(pngBytes(), name, 'text/html'))).toMatchObject({ ok: true, file: { ext: 'png', mime: 'image/png' } })
    expect(await checkUpload(KYC_DOCUMENT, makeFile(htmlBytes(), name, 'image/png'))).toEqual({ ok: false, status: 400, error: 'kyc:errors.invalidType' })
  })
})

describe('the product image rule', () => {
  it('takes JPEG, PNG and WebP, and not SVG (which has no magic bytes)', async () => {
    for (const bytes of [jpegBytes(), pngBytes(), webpBytes()]) expect((await checkUpload(PRODUCT_IMAGE, makeFile(bytes, 'p'))).ok).toBe(true)
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(await checkUpload(PRODUCT_IMAGE, makeFile(svg, 'logo.svg', 'image/svg+xml'))).toEqual({ ok: false, status: 400, error: 'products:images.errors.invalidType' })
  })
  it('refuses a sixth image before looking at the file', async () => {
    expect(await checkUpload(PRODUCT_IMAGE, null, { listed: 5 })).toEqual({ ok: false, status: 400, error: 'products:images.errors.max' })
  })
})

describe('the rates CSV rule (text has no signature)', () => {
  const text = (s: string) => new TextEncoder().encode(s)
  it('takes UTF-8 text (a byte order mark, tabs, CRLF, Cyrillic and Devanagari) as CSV', async () => {
    const csv = text('\ufefffrom,to,rate,effective_date,source\r\nRUB,INR,0.93,2026-11-28,"ЦБ РФ\tआरबीआई"\r\n')
    expect(isPlainText(csv)).toBe(true)
    expect(await checkUpload(RATES_CSV, makeFile(csv, 'rates.csv', 'text/csv'))).toMatchObject({ ok: true, file: { mime: 'text/csv', ext: 'csv' } })
  })
  it('refuses binaries named .csv, invalid UTF-8, control characters, and anything over its size', async () => {
    for (const bytes of [pngBytes(), pdfBytes(), exeBytes(), new Uint8Array([0x66, 0xff, 0xfe, 0x0a]), text('from,to\u0000')]) {
      expect(await checkUpload(RATES_CSV, makeFile(bytes, 'rates.csv', 'text/csv'))).toEqual({ ok: false, status: 400, error: 'adminRates:errors.csvType' })
    }
    expect(await checkUpload(RATES_CSV, makeFile(padTo(text('a,b\n'), RATES_CSV.maxBytes + 1), 'rates.csv', 'text/csv'))).toMatchObject({ ok: false, status: 413 })
    expect(await checkUpload(RATES_CSV, null)).toEqual({ ok: false, status: 400, error: 'adminRates:errors.csvMissing' })
  })
  it('is text only where the rule takes CSV: a text file is not a PDF', async () => {
    expect((await checkUpload(KYC_DOCUMENT, makeFile(text('a,b\n'), 'a.pdf'))).ok).toBe(false)
  })
})

describe('kept names', () => {
  it.each([
    ['offer.pdf', pdfBytes(), true],
    ['OFFER.PDF', pdfBytes(), true],
    ['photo.jpeg', jpegBytes(), true],
    ['photo.jpg', jpegBytes(), true],
    ['scan', pngBytes(), true],
    ['offer.pdf', pngBytes(), false],
    ['setup.exe', pdfBytes(), false],
    ['page.html', pdfBytes(), false],
  ] as const)('%s → %s', async (name, bytes, ok) => {
    expect((await checkUploads(MESSAGE_ATTACHMENT, [makeFile(bytes, name)])).ok).toBe(ok)
  })

  it('a dispute says a renamed file is of the wrong type, a message that its name does not match', async () => {
    const renamed = () => [makeFile(pngBytes(), 'offer.pdf')]
    expect(await checkUploads(DISPUTE_EVIDENCE, renamed())).toMatchObject({ error: 'disputes:errors.fileType' })
    expect(await checkUploads(MESSAGE_ATTACHMENT, renamed())).toMatchObject({ error: 'messages:errors.fileNameMismatch' })
  })
})

describe('safeFileName', () => {
  it('keeps the last path part, replaces unsafe characters and adds the type extension when there is none', () => {
    expect(safeFileName('C:\\Users\\me\\offer.pdf', 'application/pdf', 'attachment')).toBe('offer.pdf')
    expect(safeFileName('../../etc/passwd', 'application/pdf', 'attachment')).toBe('passwd.pdf')
    expect(safeFileName('in\u202evoice.pdf', 'application/pdf', 'attachment')).toBe('in_voice.pdf')
    expect(safeFileName('a\u0000b\u200b"c".png', 'image/png', 'attachment')).toBe('a_b__c_.png')
    expect(safeFileName('  .hidden  ', 'image/png', 'evidence')).toBe('hidden.png')
    expect(safeFileName('', 'image/png', 'attachment')).toBe('attachment.png')
    expect(safeFileName('...', 'image/jpeg', 'evidence')).toBe('evidence.jpg')
  })
  it('cuts a long name to 255 characters, keeping its extension', () => {
    const long = safeFileName(`${'а'.repeat(400)}.pdf`, 'application/pdf', 'attachment')
    expect(Array.from(long)).toHaveLength(255)
    expect(long.endsWith('.pdf')).toBe(true)
  })
})

describe('storeUploads', () => {
  let temp: ReturnType<typeof useTempStorage>
  beforeEach(() => {
    temp = useTempStorage()
  })
  afterEach(() => temp.cleanup())

  it('writes the files under the folder by a fresh name of ours, and deleteUploads removes them', async () => {
    const checked = await checkUploads(MESSAGE_ATTACHMENT, [makeFile(pdfBytes(), 'a.pdf'), makeFile(pngBytes(), 'b')])
    if (!checked.ok) throw new Error('refused')
    const stored = await storeUploads('messages/c1', checked.files)
    expect(stored.map((s) => [s.contentType, s.fileName, s.sizeBytes])).toEqual([
      ['application/pdf', 'a.pdf', pdfBytes().byteLength],
      ['image/png', 'b.png', pngBytes().byteLength],
    ])
    for (const s of stored) expect(s.storageKey).toMatch(/^messages\/c1\/[0-9a-f-]{36}\.(pdf|png)$/)
    expect(await temp.storage.get(stored[0]!.storageKey)).toMatchObject({ bytes: pdfBytes() })
    await deleteUploads(stored)
    expect(await temp.storage.exists(stored[0]!.storageKey)).toBe(false)
  })
})

describe('readFormDataWithLimit', () => {
  function multipart(file: File) {
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('kycDocument', file)
    return new Request('http://localhost/kyc-upload', { method: 'POST', body: form })
  }

  it('parses a normal multipart body', async () => {
    const result = await readFormDataWithLimit(multipart(makeFile(pdfBytes())), KYC_DOCUMENT.maxRequestBytes)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.formData.get('intent')).toBe('upload')
      expect((result.formData.get('kycDocument') as File).size).toBe(pdfBytes().byteLength)
    }
  })

  it('stops reading a body over the limit, whatever Content-Length says', async () => {
    const big = multipart(makeFile(padTo(pdfBytes(), 2048)))
    expect(await readFormDataWithLimit(big, 1024)).toEqual({ ok: false, reason: 'tooLarge' })
    const body = new Uint8Array(4096)
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(body)
        c.close()
      },
    })
    const lying = new Request('http://localhost/kyc-upload', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '10' },
      duplex: 'half',
    } as RequestInit)
    expect(await readFormDataWithLimit(lying, 1024)).toEqual({ ok: false, reason: 'tooLarge' })
  })

  it('reports a malformed body instead of throwing', async () => {
    const bad = new Request('http://localhost/kyc-upload', {
      method: 'POST',
      body: 'garbage',
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-here' },
    })
    expect(await readFormDataWithLimit(bad, KYC_DOCUMENT.maxRequestBytes)).toEqual({ ok: false, reason: 'malformed' })
  })
})
