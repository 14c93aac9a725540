// Product images (issue 7 item 3): the upload endpoint, the product form's image list and the
// /media/products route, against a real database and a throw-away file storage. Test images are
// made with sharp here; hostile ones are crafted byte by byte.
import fs from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { PRODUCT_IMAGE_MAX_PIXELS } from '~/modules/products/images.server'
import { PRODUCT_IMAGE } from '~/domain/uploads'
import { loader as mediaLoader } from '~/routes/public/product-media'
import { action as editAction, loader as editLoader } from '~/routes/seller/product-edit'
import { action as uploadAction, loader as uploadLoader } from '~/routes/seller/product-images'
import { action as newAction } from '~/routes/seller/product-new'
import { createCategory, createProduct } from '../factories/catalog'
import { makeFile, padTo, SANDBOXED, servedFileHeaders, useTempStorage } from '../factories/files'
import { createSignedInUser } from '../factories/users'
import { callRoute, form } from './account-support'

let storage: ReturnType<typeof useTempStorage>
beforeAll(() => {
  storage = useTempStorage()
})
afterAll(() => storage.cleanup())

const seller = (kycStatus: 'Approved' | 'Pending' = 'Approved') => createSignedInUser({ userType: 'Seller', kycStatus })

// --- test images -------------------------------------------------------------------------------

const colour = (n: number) => ({ r: (n * 53) % 256, g: (n * 97) % 256, b: (n * 31) % 256 })
let shade = 0
/** A distinct picture each call (so content hashes differ). */
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: colour(++shade) } })

/** A JPEG with camera EXIF, GPS coordinates and an orientation tag (6: rotate 90° to display). */
async function jpegWithGps(width = 300, height = 200) {
  return picture(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'GPS Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}
const png = (w = 64, h = 48) => picture(w, h).png().toBuffer()
const webp = (w = 64, h = 48) => picture(w, h).webp().toBuffer()

function pngChunk(type: string, data: Uint8Array) {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.byteLength)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

/** A few hundred bytes whose header claims 20,000 × 20,000 pixels (1-bit greyscale): a decompression bomb. */
function pngBomb(side = 20_000) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr.set([1, 0, 0, 0, 0], 8)
  const row = Buffer.alloc(1 + Math.ceil(side / 8))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', new Uint8Array()),
  ])
}

const file = (bytes: Uint8Array, name: string, type: string) => makeFile(bytes, name, type)

async function upload(cookie: string | null, f: File | null, listed: string[] = []) {
  const body = new FormData()
  for (const path of listed) body.append('image', path)
  if (f) body.append('file', f)
  return callRoute(uploadAction, '/dashboard/products/images', { cookie, body })
}

async function uploaded(cookie: string, f?: File) {
  const out = await upload(cookie, f ?? file(await png(), 'photo.png', 'image/png'))
  expect(out.status).toBe(200)
  const answer = (await out.response!.json()) as { image: { path: string; thumb: string } }
  return answer.image
}

const errorOf = async (out: Awaited<ReturnType<typeof upload>>) => ((await out.response!.json()) as { error: string }).error

async function serve(path: string, headers?: Record<string, string>) {
  const name = path.split('/').pop()!
  return (await callRoute(mediaLoader, path, { params: { file: name }, headers })).response!
}

// --- the upload endpoint -----------------------------------------------------------------------

describe('uploading a product image (/dashboard/products/images)', () => {
  // Each case starts from empty storage, so "stores nothing" means nothing at all.
  afterEach(() => {
    fs.rmSync(storage.root, { recursive: true, force: true })
    fs.mkdirSync(storage.root)
  })

  it('re-encodes a JPEG with GPS EXIF to WebP without any metadata, upright, in a large and a thumbnail size', async () => {
    const s = await seller()
    const original = await jpegWithGps(2400, 1800)
    const before = await sharp(original).metadata()
    // The test image really carries what must go: EXIF with a GPS block and an orientation.
    expect(before.exif?.toString('latin1')).toContain('TestCam')
    expect(before.exif!.includes(Buffer.from([0x25, 0x88])) || before.exif!.includes(Buffer.from([0x88, 0x25]))).toBe(true)
    expect(before.orientation).toBe(6)

    const image = await uploaded(s.cookie, file(original, 'IMG_0001.JPG', 'image/jpeg'))
    expect(image.path).toMatch(/^\/media\/products\/[0-9a-f]{64}\.webp$/)
    expect(image.thumb).toBe(image.path.replace('.webp', '-thumb.webp'))

    const large = Buffer.from(await (await serve(image.path)).arrayBuffer())
    const meta = await sharp(large).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 1600 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(large.includes(Buffer.from('TestCam'))).toBe(false)

    const thumb = await sharp(Buffer.from(await (await serve(image.thumb)).arrayBuffer())).metadata()
    expect(thumb).toMatchObject({ format: 'webp', width: 300, height: 400 })
    expect(thumb.exif).toBeUndefined()
  })

  it('accepts PNG and WebP, keeps small images at their size, and stores the same picture once', async () => {
    const s = await seller()
    const bytes = await png(64, 48)
    const a = await uploaded(s.cookie, file(bytes, 'a.png', 'image/png'))
    const b = await uploaded(s.cookie, file(bytes, 'copy-of-a.png', 'image/png'))
    expect(b.path).toBe(a.path)
    expect(await sharp(Buffer.from(await (await serve(a.path)).arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 })
    await uploaded(s.cookie, file(await webp(), 'c.webp', 'image/webp'))
    // Two pictures: a large and a thumbnail each (plus sidecars), and one owner marker each.
    expect(storage.listFiles().filter((f) => f.endsWith('.webp'))).toHaveLength(4)
  })

  it.each([
    ['a text file renamed .jpg', async () => file(new TextEncoder().encode('just some notes, not a picture\n'.repeat(20)), 'photo.jpg', 'image/jpeg'), 'invalidType'],
    [
      'an SVG',
      async () => file(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'),
      'invalidType',
    ],
    ['an SVG renamed .png', async () => file(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png', 'image/png'), 'invalidType'],
    ['a GIF', async () => file(await picture(8, 8).gif().toBuffer(), 'anim.gif', 'image/gif'), 'invalidType'],
    ['a file of 10 MB + 1 byte', async () => file(padTo(await jpegWithGps(), PRODUCT_IMAGE.maxBytes + 1), 'huge.jpg', 'image/jpeg'), 'tooLarge'],
    [
      'a corrupt JPEG (cut off half way)',
      async () => {
        const good = await picture(640, 480).jpeg().toBuffer()
        return file(good.subarray(0, Math.floor(good.length / 2)), 'cut.jpg', 'image/jpeg')
      },
      'corrupt',
    ],
    ['a JPEG header with nothing after it', async () => file(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'x.jpg', 'image/jpeg'), 'corrupt'],
    ['a 20,000 × 20,000 pixel PNG (decompression bomb)', async () => file(pngBomb(), 'bomb.png', 'image/png'), 'tooManyPixels'],
    ['an empty file', async () => file(new Uint8Array(), 'empty.jpg', 'image/jpeg'), 'required'],
  ])('refuses %s with its message and stores nothing', async (_label, make, key) => {
    const s = await seller()
    const out = await upload(s.cookie, await make())
    expect(out.status).toBe(key === 'tooLarge' ? 413 : 400)
    expect(await errorOf(out)).toBe(`products:images.errors.${key}`)
    expect(storage.listFiles()).toEqual([])
  })

  it('keeps the decompression-bomb limit below what a 20,000 × 20,000 image needs', () => {
    expect(PRODUCT_IMAGE_MAX_PIXELS).toBeLessThan(20_000 * 20_000)
  })

  it('refuses a request without a file, and a body that is not a form', async () => {
    const s = await seller()
    const none = await upload(s.cookie, null)
    expect(none.status).toBe(400)
    expect(await errorOf(none)).toBe('products:images.errors.required')
    const junk = await callRoute(uploadAction, '/dashboard/products/images', { cookie: s.cookie, body: 'not a form', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } })
    expect(junk.status).toBe(400)
    expect(storage.listFiles()).toEqual([])
  })

  it('refuses a 6th image and stores nothing', async () => {
    const s = await seller()
    const five = await Promise.all(Array.from({ length: 5 }, async () => (await uploaded(s.cookie)).path))
    const before = storage.listFiles()
    const out = await upload(s.cookie, file(await png(), 'sixth.png', 'image/png'), five)
    expect(out.status).toBe(400)
    expect(await errorOf(out)).toBe('products:images.errors.max')
    expect(storage.listFiles()).toEqual(before)
  })

  it('lets only sellers upload: visitors are sent to sign in, buyers and profile-less users get 403; nothing is stored', async () => {
    const bytes = await png()
    const visitor = await upload(null, file(bytes, 'a.png', 'image/png'))
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe('/login?redirectTo=%2Fdashboard%2Fproducts%2Fimages')
    const buyer = await createSignedInUser({ userType: 'Buyer' })
    const asBuyer = await upload(buyer.cookie, file(bytes, 'a.png', 'image/png'))
    expect(asBuyer.status).toBe(403)
    expect(asBuyer.data).toEqual({ formError: 'products:errors.sellerOnly' })
    const incomplete = await createSignedInUser(null)
    expect((await upload(incomplete.cookie, file(bytes, 'a.png', 'image/png'))).status).toBe(403)
    expect(storage.listFiles()).toEqual([])
  })

  it('lets a seller whose KYC is still pending upload (their products are hidden, not forbidden)', async () => {
    const s = await seller('Pending')
    await uploaded(s.cookie)
  })

  it('answers a GET with 405', async () => {
    const out = await callRoute(uploadLoader, '/dashboard/products/images')
    expect(out.status).toBe(405)
  })
})

// --- the product form ----------------------------------------------------------------------------

let n = 0
function productFields(categoryId: string, images: string[]) {
  n++
  const body = form({ categoryId, price: '10', currency: 'USD', stockQuantity: '1', minimumOrderQuantity: '1', unit: 'kg', isActive: 'true', 'en.name': `Image test product ${n}` })
  for (const path of images) body.append('image', path)
  return body
}
const mediaOf = async (id: string) => (await getDb().select({ media: products.mediaFiles }).from(products).where(eq(products.id, id)))[0]!.media

describe('images on the product form', () => {
  it('creates a product with its images in the submitted order, the chosen cover first', async () => {
    const s = await seller()
    const { id: categoryId } = await createCategory()
    const [a, b, c] = [await uploaded(s.cookie), await uploaded(s.cookie), await uploaded(s.cookie)]
    // The seller made c the cover and moved a after b.
    const out = await callRoute(newAction, '/dashboard/products/new', { cookie: s.cookie, body: productFields(categoryId, [c.path, b.path, a.path]) })
    expect(out.status).toBe(302)
    const id = out.location!.split('/').pop()!
    expect(await mediaOf(id)).toEqual([c.path, b.path, a.path])
  })

  it('edits the list: reorders, removes, adds; the edit page loads it in order', async () => {
    const s = await seller()
    const { id: categoryId } = await createCategory()
    const [a, b, c] = [await uploaded(s.cookie), await uploaded(s.cookie), await uploaded(s.cookie)]
    const created = await callRoute(newAction, '/x', { cookie: s.cookie, body: productFields(categoryId, [a.path, b.path]) })
    const id = created.location!.split('/').pop()!
    const loaded = await callRoute(editLoader, `/dashboard/products/${id}/edit`, { cookie: s.cookie, params: { id } })
    expect((loaded.data as { product: { images: string[] } }).product.images).toEqual([a.path, b.path])

    const out = await callRoute(editAction, `/dashboard/products/${id}/edit`, { cookie: s.cookie, params: { id }, body: productFields(categoryId, [c.path, b.path]) })
    expect(out.status).toBe(302)
    expect(await mediaOf(id)).toEqual([c.path, b.path])
    // Removing every image is allowed: the product shows a placeholder.
    await callRoute(editAction, `/x`, { cookie: s.cookie, params: { id }, body: productFields(categoryId, []) })
    expect(await mediaOf(id)).toEqual([])
  })

  it("keeps a demo product's static images when editing, next to new uploads", async () => {
    const s = await seller()
    const { id: categoryId } = await createCategory()
    const product = await createProduct({ sellerId: s.profileId!, categoryId, mediaFiles: ['/images/products/basmati-rice.svg', '/images/products/turmeric-powder.svg'] })
    const fresh = await uploaded(s.cookie)
    const body = productFields(categoryId, [fresh.path, '/images/products/turmeric-powder.svg', '/images/products/basmati-rice.svg'])
    const out = await callRoute(editAction, '/x', { cookie: s.cookie, params: { id: product.id }, body })
    expect(out.status).toBe(302)
    expect(await mediaOf(product.id)).toEqual([fresh.path, '/images/products/turmeric-powder.svg', '/images/products/basmati-rice.svg'])
  })

  it.each([
    ['six images', () => Array.from({ length: 6 }, (_, i) => `/media/products/${String(i).repeat(64)}.webp`), 'products:form.errors.imagesMax'],
    ['a path outside the image folders', () => ['/etc/passwd'], 'products:form.errors.imageInvalid'],
    ['an external URL', () => ['https://evil.example/x.webp'], 'products:form.errors.imageInvalid'],
    ['a traversal', () => ['/media/products/../../secret.webp'], 'products:form.errors.imageInvalid'],
    ['the same image twice', (p: string[]) => [p[0]!, p[0]!], 'products:form.errors.imagesDuplicate'],
    ['a well-formed key that was never uploaded', () => [`/media/products/${'0'.repeat(64)}.webp`], 'products:form.errors.imageUnknown'],
    ['a static image the product does not have', () => ['/images/products/basmati-rice.svg'], 'products:form.errors.imageUnknown'],
  ])('refuses %s and creates nothing', async (_label, list, message) => {
    const s = await seller()
    const { id: categoryId } = await createCategory()
    const mine = await Promise.all(Array.from({ length: 3 }, async () => (await uploaded(s.cookie)).path))
    const out = await callRoute(newAction, '/x', { cookie: s.cookie, body: productFields(categoryId, list(mine)) })
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ fieldErrors: { images: message } })
    expect(await getDb().select({ id: products.id }).from(products).where(eq(products.sellerId, s.profileId!))).toEqual([])
  })

  it("refuses another seller's uploaded image, on create and on edit", async () => {
    const owner = await seller()
    const other = await seller()
    const { id: categoryId } = await createCategory()
    const theirs = await uploaded(owner.cookie)
    const create = await callRoute(newAction, '/x', { cookie: other.cookie, body: productFields(categoryId, [theirs.path]) })
    expect(create.data).toMatchObject({ fieldErrors: { images: 'products:form.errors.imageUnknown' } })
    const product = await createProduct({ sellerId: other.profileId!, categoryId, mediaFiles: [] })
    const edit = await callRoute(editAction, '/x', { cookie: other.cookie, params: { id: product.id }, body: productFields(categoryId, [theirs.path]) })
    expect(edit.status).toBe(400)
    expect(await mediaOf(product.id)).toEqual([])
  })
})

// --- serving -----------------------------------------------------------------------------------

describe('serving images (/media/products/:file)', () => {
  it('serves the WebP with long immutable cache headers and nosniff, to anyone', async () => {
    const s = await seller()
    const image = await uploaded(s.cookie)
    for (const path of [image.path, image.thumb]) {
      const res = await serve(path)
      expect(res.status).toBe(200)
      expect(servedFileHeaders(res)).toMatchObject({ ...SANDBOXED, type: 'image/webp', cache: 'public, max-age=31536000, immutable' })
      expect(Number(res.headers.get('Content-Length'))).toBe((await res.arrayBuffer()).byteLength)
    }
    const etag = (await serve(image.path)).headers.get('ETag')!
    expect((await serve(image.path, { 'If-None-Match': etag })).status).toBe(304)
  })

  it.each([`${'0'.repeat(64)}.webp`, `${'0'.repeat(64)}-thumb.webp`, 'x.webp', '..%2F..%2Fetc%2Fpasswd', '.webp', `${'A'.repeat(64)}.webp`, `${'0'.repeat(64)}.png`, 'by-seller'])(
    'answers 404 (not 500) for %s',
    async (name) => {
      const res = (await callRoute(mediaLoader, `/media/products/${name}`, { params: { file: decodeURIComponent(name) } })).response!
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('Image not found.')
    },
  )
})
