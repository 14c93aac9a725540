// Real (tiny) documents and hostile look-alikes for upload tests, plus a throw-away file storage.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { concatBytes } from '~/lib/bytes'
import { LocalDiskStorage, setStorage } from '~/lib/storage.server'

const enc = (s: string) => new TextEncoder().encode(s)

const concat = (...parts: Uint8Array[]) => concatBytes(parts)

/** A valid one-page PDF. */
export function pdfBytes(): Uint8Array {
  return enc(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
}

function crc32(bytes: Uint8Array) {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function pngChunk(type: string, data: Uint8Array) {
  const len = new Uint8Array(4)
  new DataView(len.buffer).setUint32(0, data.byteLength)
  const typed = concat(enc(type), data)
  const crc = new Uint8Array(4)
  new DataView(crc.buffer).setUint32(0, crc32(typed))
  return concat(len, typed, crc)
}

/** A valid 1×1 PNG. */
export function pngBytes(): Uint8Array {
  const ihdr = new Uint8Array(13)
  const view = new DataView(ihdr.buffer)
  view.setUint32(0, 1)
  view.setUint32(4, 1)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const idat = deflateSync(Uint8Array.from([0, 0x2f, 0x6b, 0x4f]))
  return concat(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array(idat)),
    pngChunk('IEND', new Uint8Array()),
  )
}

/** The start of a JFIF JPEG (what detectors and browsers recognise). */
export function jpegBytes(): Uint8Array {
  return concat(
    Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    enc('JFIF\0'),
    Uint8Array.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  )
}

export function htmlBytes(): Uint8Array {
  return enc('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
}

/** A Linux executable header. */
export function elfBytes(): Uint8Array {
  return concat(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), new Uint8Array(120))
}

/** A Windows executable header. */
export function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(256)
  bytes.set(enc('MZ'), 0)
  new DataView(bytes.buffer).setUint32(0x3c, 0x80, true)
  bytes.set(enc('PE\0\0'), 0x80)
  return bytes
}

/** `prefix` padded with zeros to exactly `size` bytes. */
export function padTo(prefix: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size)
  out.set(prefix.subarray(0, size))
  return out
}

export function makeFile(bytes: Uint8Array, name = 'document.pdf', type = 'application/pdf') {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type })
}

/** Installs a LocalDiskStorage in a fresh temporary directory; returns it and a cleanup function. */
export function useTempStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-files-'))
  const storage = new LocalDiskStorage(root)
  setStorage(storage)
  return {
    root,
    storage,
    /** Every file path under the root (relative), hidden sidecars included. */
    listFiles(): string[] {
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((p) => fs.statSync(path.join(root, p)).isFile())
        .sort()
    },
    cleanup() {
      setStorage(undefined)
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
}

/** The headers that say how a stored file is served (type, disposition, sandbox, sniffing, caching), to compare in one assertion. */
export const servedFileHeaders = (res: Response) => ({
  type: res.headers.get('Content-Type'),
  disposition: res.headers.get('Content-Disposition'),
  csp: res.headers.get('Content-Security-Policy'),
  sniffing: res.headers.get('X-Content-Type-Options'),
  cache: res.headers.get('Cache-Control'),
})

/** How every stored file is served: in a sandbox (a hostile PDF or SVG cannot act with the viewer's session), never sniffed. */
export const SANDBOXED = { csp: "default-src 'none'; sandbox", sniffing: 'nosniff' } as const
