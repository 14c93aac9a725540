import { describe, expect, it } from 'vitest'
import { elfBytes, exeBytes, htmlBytes, jpegBytes, makeFile, padTo, pdfBytes, pngBytes } from '../../../tests/factories/files'
import { readFormDataWithLimit, validateKycFile } from './files.server'
import { KYC_MAX_BYTES } from './schemas'

const MB5 = 5 * 1024 * 1024

describe('validateKycFile', () => {
  it.each([
    ['a PDF', pdfBytes(), 'pdf', 'application/pdf'],
    ['a JPEG', jpegBytes(), 'jpg', 'image/jpeg'],
    ['a PNG', pngBytes(), 'png', 'image/png'],
  ] as const)('accepts %s recognised from its bytes', async (_, bytes, ext, mime) => {
    const result = await validateKycFile(makeFile(bytes, 'scan', 'application/octet-stream'))
    expect(result).toMatchObject({ ok: true, ext, mime })
    if (result.ok) expect(result.bytes).toEqual(bytes)
  })

  it.each([
    ['HTML renamed .pdf', htmlBytes(), 'certificate.pdf', 'application/pdf'],
    ['an ELF executable renamed .pdf', elfBytes(), 'certificate.pdf', 'application/pdf'],
    ['a Windows executable renamed .png', exeBytes(), 'photo.png', 'image/png'],
    ['plain text', new TextEncoder().encode('GST certificate number 12345'), 'gst.txt', 'text/plain'],
    ['a GIF (an image, but not an allowed type)', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'scan.gif', 'image/gif'],
    ['a ZIP', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, ...new Array(40).fill(0)]), 'docs.pdf', 'application/pdf'],
  ])('rejects %s as an invalid type', async (_, bytes, name, type) => {
    expect(await validateKycFile(makeFile(bytes, name, type))).toEqual({ ok: false, messageKey: 'kyc:errors.invalidType' })
  })

  it('accepts exactly 5 MB and rejects 5 MB + 1 byte', async () => {
    expect(MB5).toBe(KYC_MAX_BYTES)
    const exact = await validateKycFile(makeFile(padTo(pdfBytes(), MB5)))
    expect(exact).toMatchObject({ ok: true, ext: 'pdf' })
    const over = await validateKycFile(makeFile(padTo(pdfBytes(), MB5 + 1)))
    expect(over).toEqual({ ok: false, messageKey: 'kyc:errors.tooLarge' })
  })

  it.each([
    ['an empty file', makeFile(new Uint8Array(), 'empty.pdf')],
    ['an empty nameless file (nothing chosen)', makeFile(new Uint8Array(), '', 'application/octet-stream')],
    ['a text field instead of a file', 'kyc.pdf'],
    ['nothing', null],
    ['undefined', undefined],
  ])('treats %s as missing', async (_, value) => {
    expect(await validateKycFile(value)).toEqual({ ok: false, messageKey: 'kyc:errors.required' })
  })

  it.each([
    '../../etc/passwd',
    '..\\..\\windows\\system32.pdf',
    '<script>alert(1)</script>.pdf',
    'a'.repeat(5000) + '.pdf',
    'résumé\u0000.exe.pdf',
    '/absolute/path.png',
  ])('ignores the client file name %#', async (name) => {
    expect(await validateKycFile(makeFile(pngBytes(), name, 'text/html'))).toMatchObject({ ok: true, ext: 'png', mime: 'image/png' })
    expect(await validateKycFile(makeFile(htmlBytes(), name, 'image/png'))).toEqual({ ok: false, messageKey: 'kyc:errors.invalidType' })
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
    const result = await readFormDataWithLimit(multipart(makeFile(pdfBytes())))
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
    expect(await readFormDataWithLimit(bad)).toEqual({ ok: false, reason: 'malformed' })
  })
})
