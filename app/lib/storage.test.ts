// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSignedUrl, getStorage, InvalidStorageKeyError, isValidStorageKey, LocalDiskStorage, setStorage, verifySignedUrl } from './storage.server'

let root: string
let storage: LocalDiskStorage
const bytes = (s: string) => new TextEncoder().encode(s)

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-storage-'))
  storage = new LocalDiskStorage(path.join(root, 'files'))
})
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true })
  setStorage(undefined)
})

describe('LocalDiskStorage', () => {
  it('stores, reads, replaces and deletes a file with its content type', async () => {
    await storage.put('user-1/kyc_document.pdf', bytes('%PDF-first'), { contentType: 'application/pdf' })
    expect(await storage.exists('user-1/kyc_document.pdf')).toBe(true)
    expect(await storage.get('user-1/kyc_document.pdf')).toEqual({ bytes: bytes('%PDF-first'), contentType: 'application/pdf' })
    expect(fs.readFileSync(path.join(root, 'files/user-1/kyc_document.pdf'), 'utf8')).toBe('%PDF-first')

    await storage.put('user-1/kyc_document.pdf', bytes('%PDF-second'), { contentType: 'application/pdf' })
    expect(new TextDecoder().decode((await storage.get('user-1/kyc_document.pdf'))!.bytes)).toBe('%PDF-second')

    await storage.delete('user-1/kyc_document.pdf')
    expect(await storage.exists('user-1/kyc_document.pdf')).toBe(false)
    expect(await storage.get('user-1/kyc_document.pdf')).toBeNull()
    // nothing left behind: no temp files, no sidecar
    expect(fs.readdirSync(path.join(root, 'files/user-1'))).toEqual([])
  })

  it('answers null / false for files that do not exist, and deleting them is harmless', async () => {
    expect(await storage.get('nobody/kyc_document.png')).toBeNull()
    expect(await storage.exists('nobody/kyc_document.png')).toBe(false)
    await expect(storage.delete('nobody/kyc_document.png')).resolves.toBeUndefined()
  })

  it.each([
    '../outside.txt',
    'user/../../outside.txt',
    '..',
    '.',
    'user/./file',
    '/etc/passwd',
    'user\\..\\..\\outside.txt',
    'C:\\Windows\\win.ini',
    'user//file',
    'user/',
    '',
    'user/.hidden',
    'user/.kyc_document.pdf.meta.json',
    'nul\0byte',
    'user/fi le.pdf',
    'a'.repeat(600),
  ])('rejects the key %j and touches nothing', async (key) => {
    expect(isValidStorageKey(key)).toBe(false)
    await expect(storage.put(key, bytes('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError)
    expect(fs.readdirSync(root)).toEqual([])
  })

  it('accepts ordinary nested keys', () => {
    for (const key of ['u/kyc_document.pdf', 'a-b_c/d.e.f', 'x']) expect(isValidStorageKey(key)).toBe(true)
  })

  it('writes files readable only by the server process', async () => {
    await storage.put('u/f.png', bytes('png'), { contentType: 'image/png' })
    expect(fs.statSync(path.join(root, 'files/u/f.png')).mode & 0o077).toBe(0)
  })
})

describe('getStorage / setStorage', () => {
  it('returns the installed storage', () => {
    setStorage(storage)
    expect(getStorage()).toBe(storage)
  })
})

describe('signed URLs', () => {
  const now = Date.UTC(2026, 0, 1)
  it('round-trips a key until it expires', () => {
    const url = createSignedUrl('u1/kyc_document.pdf', 300, { now })
    expect(url.startsWith('/kyc-document?')).toBe(true)
    const params = new URL(url, 'http://x').searchParams
    expect(verifySignedUrl(params, { now })).toBe('u1/kyc_document.pdf')
    expect(verifySignedUrl(params, { now: now + 299_000 })).toBe('u1/kyc_document.pdf')
    expect(verifySignedUrl(params, { now: now + 300_000 })).toBeNull()
  })

  it('rejects tampered keys, expiries and signatures', () => {
    const params = new URL(createSignedUrl('u1/kyc_document.pdf', 300, { now }), 'http://x').searchParams
    const tamper = (name: string, value: string) => {
      const p = new URLSearchParams(params)
      p.set(name, value)
      return verifySignedUrl(p, { now })
    }
    expect(tamper('key', 'u2/kyc_document.pdf')).toBeNull()
    expect(tamper('expires', String(Number(params.get('expires')) + 1000))).toBeNull()
    expect(tamper('sig', params.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull()
    expect(tamper('sig', '')).toBeNull()
    expect(tamper('key', '../u1/kyc_document.pdf')).toBeNull()
    expect(tamper('expires', '1e99')).toBeNull()
    expect(verifySignedUrl({ key: 'u1/kyc_document.pdf' }, { now })).toBeNull()
  })

  it('refuses to sign an invalid key', () => {
    expect(() => createSignedUrl('../x', 60)).toThrow(InvalidStorageKeyError)
  })
})
