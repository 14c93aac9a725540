// Product images (issue 7 item 3, docs/product-images.md): an upload is checked by its bytes,
// re-encoded with sharp (which drops EXIF, GPS included) to a large WebP and a thumbnail, and kept
// in the private file storage under its content hash. /media/products/<hash>.webp serves it.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { PRODUCT_IMAGE } from '~/domain/uploads'
import { getStorage, isValidStorageKey } from '~/lib/storage.server'
import { checkUpload } from '~/lib/uploads.server'
import { STATIC_IMAGE_PATH, UPLOADED_IMAGE_PATH } from './schemas'

/** Largest decoded image accepted (width × height): 50 MP covers phone and camera photos; bigger is a bomb or a scan. */
export const PRODUCT_IMAGE_MAX_PIXELS = 50_000_000
/** Longest side of the stored images. */
export const LARGE_SIDE = 1600
export const THUMB_SIDE = 400

const PREFIX = 'product-images'
const largeKey = (hash: string) => `${PREFIX}/${hash}.webp`
const thumbKey = (hash: string) => `${PREFIX}/${hash}-thumb.webp`
/** An empty marker: this seller uploaded this image, so their product form may use it. */
const ownerKey = (sellerId: string, hash: string) => `${PREFIX}/by-seller/${sellerId}/${hash}`

// libvips' operation cache keeps decoded images around; uploads are one-offs, so it would only hold memory.
sharp.cache(false)

/** What decoding refuses, beyond the upload rule's own messages. */
type DecodeErrorKey = 'products:images.errors.corrupt' | 'products:images.errors.tooManyPixels'

export type UploadedImage = { path: string; thumb: string }
export type StoreImageResult = { ok: true; image: UploadedImage } | { ok: false; messageKey: string }

// Decoding a 50 MP photo takes a few hundred MB and a core: one at a time per process, the rest wait.
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

type Encoded = { large: Buffer; thumb: Buffer } | { error: DecodeErrorKey }

async function encode(bytes: Uint8Array): Promise<Encoded> {
  // failOn 'warning' (the default, spelled out): a truncated or damaged file is refused, not half-decoded.
  // limitInputPixels is checked against the header before any pixel is decoded.
  const input = () => sharp(bytes, { failOn: 'warning', limitInputPixels: PRODUCT_IMAGE_MAX_PIXELS })
  let width: number | undefined
  let height: number | undefined
  try {
    ;({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata())
  } catch {
    return { error: 'products:images.errors.corrupt' }
  }
  if (!width || !height) return { error: 'products:images.errors.corrupt' }
  if (width * height > PRODUCT_IMAGE_MAX_PIXELS) return { error: 'products:images.errors.tooManyPixels' }
  try {
    // rotate() applies the EXIF orientation; without keepMetadata() sharp writes no EXIF, XMP or ICC.
    const large = await input()
      .rotate()
      .resize({ width: LARGE_SIDE, height: LARGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
    const thumb = await sharp(large).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer()
    return { large, thumb }
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) return { error: 'products:images.errors.tooManyPixels' }
    return { error: 'products:images.errors.corrupt' }
  }
}

/**
 * Checks and stores one uploaded product image for a seller. `listed` is how many images the form
 * already holds: a sixth is refused. Nothing is stored unless every check passes.
 */
export async function storeProductImage(sellerId: string, file: FormDataEntryValue | null, listed: number): Promise<StoreImageResult> {
  // SVG has no magic bytes (file-type reports nothing): the rule refuses it with every other non-image.
  const checked = await checkUpload(PRODUCT_IMAGE, file, { listed })
  if (!checked.ok) return { ok: false, messageKey: checked.error }

  const encoded = await oneAtATime(() => encode(checked.file.bytes))
  if ('error' in encoded) return { ok: false, messageKey: encoded.error }

  const hash = createHash('sha256').update(encoded.large).digest('hex')
  const storage = getStorage()
  // Content-addressed: the same picture uploaded twice is stored once. The owner marker goes last,
  // so a key the form may use always has its files.
  if (!(await storage.exists(largeKey(hash)))) {
    await storage.put(thumbKey(hash), encoded.thumb, { contentType: 'image/webp' })
    await storage.put(largeKey(hash), encoded.large, { contentType: 'image/webp' })
  }
  await storage.put(ownerKey(sellerId, hash), new Uint8Array(), { contentType: 'text/plain' })
  return { ok: true, image: { path: `/media/products/${hash}.webp`, thumb: `/media/products/${hash}-thumb.webp` } }
}

/**
 * Whether a seller may put `path` on a product: a stored image they uploaded or the product already
 * has, or a static image the product already has (demo data). `current` is its list before this save.
 */
export async function canUseProductImage(sellerId: string, path: string, current: readonly string[]): Promise<boolean> {
  const hash = UPLOADED_IMAGE_PATH.exec(path)?.[1]
  if (hash) {
    const storage = getStorage()
    if (!current.includes(path) && !(await storage.exists(ownerKey(sellerId, hash)))) return false
    return storage.exists(largeKey(hash))
  }
  return STATIC_IMAGE_PATH.test(path) && current.includes(path)
}

const SERVED_FILE = /^([0-9a-f]{64})(-thumb)?\.webp$/

/**
 * The stored WebP for a /media/products/<file> name, or null for anything else. No ownership or
 * visibility check: keys are unguessable content hashes, so an image is only found by someone
 * who was shown its URL; an image of a hidden (inactive, unapproved) product stays reachable by it.
 */
export async function readProductImage(file: string): Promise<{ bytes: Uint8Array; hash: string } | null> {
  const match = SERVED_FILE.exec(file)
  if (!match) return null
  const key = match[2] ? thumbKey(match[1]!) : largeKey(match[1]!)
  if (!isValidStorageKey(key)) return null
  const stored = await getStorage().get(key)
  return stored ? { bytes: stored.bytes, hash: `${match[1]}${match[2] ?? ''}` } : null
}
