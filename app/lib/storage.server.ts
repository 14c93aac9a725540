import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { env } from './env.server'
import { appSecret } from './secret.server'

/** A stored object: its bytes and the content type it was stored with. */
export type StoredFile = { bytes: Uint8Array; contentType: string }

/**
 * Private file storage. Keys are relative, slash-separated paths such as
 * `{userId}/kyc_document.pdf`; nothing stored here is ever reachable by a public URL.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, opts: { contentType: string }): Promise<void>
  get(key: string): Promise<StoredFile | null>
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
}

/** Thrown for a key that could escape the storage root or is otherwise not allowed. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`)
    this.name = 'InvalidStorageKeyError'
  }
}

const MAX_KEY_LENGTH = 512
// A segment may not start with a dot: that rules out '.', '..' and hidden files (the metadata
// sidecars below are hidden, so no key can ever address one).
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/

/** Whether `key` is a safe storage key (relative, no traversal, no backslashes, no hidden segments). */
export function isValidStorageKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false
  return key.split('/').every((segment) => SEGMENT.test(segment))
}

function assertValidKey(key: string) {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(String(key))
}

type Meta = { contentType: string }

/** Stores files under a root directory; each file has a hidden `.{name}.meta.json` sidecar with its content type. */
export class LocalDiskStorage implements FileStorage {
  readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
  }

  private paths(key: string) {
    assertValidKey(key)
    const file = path.resolve(this.root, ...key.split('/'))
    // Belt and braces: the key rules already make escaping impossible.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key)
    const dir = path.dirname(file)
    return { file, dir, meta: path.join(dir, `.${path.basename(file)}.meta.json`) }
  }

  /** Writes through a temporary file and a rename, so readers never see a half-written file. */
  private async writeAtomic(target: string, bytes: Uint8Array | string) {
    const tmp = path.join(path.dirname(target), `.tmp-${process.pid}-${randomBytes(8).toString('hex')}`)
    const handle = await fs.open(tmp, 'wx', 0o600)
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await fs.rename(tmp, target)
    } catch (err) {
      await fs.rm(tmp, { force: true })
      throw err
    }
  }

  async put(key: string, bytes: Uint8Array, opts: { contentType: string }) {
    const { file, dir, meta } = this.paths(key)
    await fs.mkdir(dir, { recursive: true, mode: 0o700 })
    await this.writeAtomic(meta, JSON.stringify({ contentType: opts.contentType } satisfies Meta))
    await this.writeAtomic(file, bytes)
  }

  async get(key: string): Promise<StoredFile | null> {
    const { file, meta } = this.paths(key)
    let bytes: Buffer
    try {
      bytes = await fs.readFile(file)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
    let contentType = 'application/octet-stream'
    try {
      const parsed = JSON.parse(await fs.readFile(meta, 'utf8')) as Partial<Meta>
      if (typeof parsed.contentType === 'string') contentType = parsed.contentType
    } catch {
      // a missing or broken sidecar only loses the content type
    }
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType }
  }

  async delete(key: string) {
    const { file, meta } = this.paths(key)
    await fs.rm(file, { force: true })
    await fs.rm(meta, { force: true })
  }

  async exists(key: string) {
    const { file } = this.paths(key)
    try {
      return (await fs.stat(file)).isFile()
    } catch {
      return false
    }
  }
}

const globalForStorage = globalThis as unknown as { __setuStorage?: FileStorage }

/** Directories the web server publishes; private files must never live inside them. */
function assertNotPublic(root: string) {
  const cwd = process.cwd()
  for (const published of ['public', 'build/client']) {
    const dir = path.resolve(cwd, published)
    if (root === dir || root.startsWith(dir + path.sep)) {
      throw new Error(`DATA_DIR must not be inside ${published}/: private files would be served publicly`)
    }
  }
}

/** The app's private file storage: `${DATA_DIR}/files` on local disk unless a test installed another. */
export function getStorage(): FileStorage {
  if (!globalForStorage.__setuStorage) {
    const root = path.resolve(env().DATA_DIR, 'files')
    assertNotPublic(root)
    globalForStorage.__setuStorage = new LocalDiskStorage(root)
  }
  return globalForStorage.__setuStorage
}

/** Test hook: install a storage (or undefined to go back to the default). */
export function setStorage(storage: FileStorage | undefined) {
  globalForStorage.__setuStorage = storage
}

// ---------------------------------------------------------------------------------------------
// Signed, expiring URLs: let someone who was authorised once (an admin reviewing KYC) open a file
// for a short time without the file ever being public.

const SIGNED_URL_PATH = '/kyc-document'

function signature(key: string, expires: number) {
  return createHmac('sha256', `${appSecret()}:storage-url:v1`).update(`${key}\n${expires}`).digest('base64url')
}

/** A relative URL (`/kyc-document?key&expires&sig`) that opens `key` until `ttlSeconds` from now. */
export function createSignedUrl(key: string, ttlSeconds: number, opts: { path?: string; now?: number } = {}): string {
  assertValidKey(key)
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new Error('ttlSeconds must be positive')
  const expires = Math.floor((opts.now ?? Date.now()) / 1000) + Math.floor(ttlSeconds)
  const params = new URLSearchParams({ key, expires: String(expires), sig: signature(key, expires) })
  return `${opts.path ?? SIGNED_URL_PATH}?${params}`
}

/** The key a signed URL grants, or null when the signature is missing, wrong or expired. */
export function verifySignedUrl(
  params: URLSearchParams | { key?: string | null; expires?: string | null; sig?: string | null },
  opts: { now?: number } = {},
): string | null {
  const get = (name: 'key' | 'expires' | 'sig') =>
    params instanceof URLSearchParams ? params.get(name) : (params[name] ?? null)
  const key = get('key')
  const expiresRaw = get('expires')
  const sig = get('sig')
  if (!key || !expiresRaw || !sig || !isValidStorageKey(key) || !/^\d{1,12}$/.test(expiresRaw)) return null
  const expires = Number(expiresRaw)
  if (expires * 1000 <= (opts.now ?? Date.now())) return null
  const expected = Buffer.from(signature(key, expires))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return key
}

// Document links bound to a record as well as a key: the signature covers who the document belongs
// to, which stored object it is and when the link ends, so a link cannot be moved to another
// profile, outlive a replaced document or be extended.

export type BoundLinkCheck = 'ok' | 'invalid' | 'expired'

function boundSignature(subject: string, key: string, expires: number) {
  return createHmac('sha256', `${appSecret()}:bound-url:v1`).update(`${subject}\n${key}\n${expires}`).digest('base64url')
}

/** `{ expires, sig }` for a link to `key` as the document of `subject`, valid for `ttlSeconds`. */
export function signBoundLink(subject: string, key: string, ttlSeconds: number, opts: { now?: number } = {}): { expires: number; sig: string } {
  assertValidKey(key)
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new Error('ttlSeconds must be positive')
  const expires = Math.floor((opts.now ?? Date.now()) / 1000) + Math.floor(ttlSeconds)
  return { expires, sig: boundSignature(subject, key, expires) }
}

/**
 * Checks a bound link's `expires` and `sig` (as given, unparsed) against the subject and the key on
 * record now: 'invalid' for a wrong or missing signature (checked first, so a forged link never learns
 * anything), 'expired' for a genuine link past its time.
 */
export function verifyBoundLink(subject: string, key: string, expiresRaw: string | null, sig: string | null, opts: { now?: number } = {}): BoundLinkCheck {
  if (!sig || !expiresRaw || !/^\d{1,12}$/.test(expiresRaw) || !isValidStorageKey(key)) return 'invalid'
  const expires = Number(expiresRaw)
  const expected = Buffer.from(boundSignature(subject, key, expires))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
  return expires * 1000 <= (opts.now ?? Date.now()) ? 'expired' : 'ok'
}
