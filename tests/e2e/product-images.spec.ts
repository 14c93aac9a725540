import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { createSeller } from './support/factories'
import { logIn } from './support/sign-in'
import { axeViolations } from './support/axe'

// Product images on the seller's form (issue 7 item 3), as a seller would use them: pick several
// files, watch the upload, reorder with the keyboard, choose the cover, save, see them in that order.
// The approved seller is the test's own (support/factories.ts).

const picture = (background: string, width = 640, height = 480) => sharp({ create: { width, height, channels: 3, background } })

test('a seller uploads images, reorders them, picks the cover and sees them on the product page in that order', async ({ page }) => {
  const stamp = Date.now().toString(36)
  const name = `Brass lamp with images ${stamp}`
  await logIn(page, await createSeller())
  await page.goto('/dashboard/products/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Product' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  await page.getByLabel('Category', { exact: true }).selectOption('agriculture')
  await page.getByLabel('Price per unit').fill('12')
  await page.getByLabel('Unit of sale').selectOption('pieces')
  await page.locator('#product-en-name').fill(name)

  // Hold the uploads until the progress bar has been seen (a local upload is instant), then let them through.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/dashboard/products/images', async (route) => {
    await held
    await route.continue()
  })
  const red = await picture('#c0392b').jpeg().withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } }).toBuffer()
  const green = await picture('#27ae60').png().toBuffer()
  const blue = await picture('#2980b9').webp().toBuffer()
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')
  await page.getByLabel('Add images').setInputFiles([
    { name: 'red.jpg', mimeType: 'image/jpeg', buffer: red },
    { name: 'green.png', mimeType: 'image/png', buffer: green },
    { name: 'blue.webp', mimeType: 'image/webp', buffer: blue },
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg },
  ])
  // The SVG is refused at once; the others upload one after another with a progress bar.
  await expect(page.getByRole('alert').filter({ hasText: 'logo.svg: Only JPEG, PNG or WebP images are allowed.' })).toBeVisible()
  const bar = page.getByRole('progressbar').first()
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/)
  await expect(page.getByRole('button', { name: 'Create Product' })).toBeDisabled()
  release()
  const images = page.getByRole('list', { name: 'Product images, in the order buyers see them' }).getByRole('img')
  await expect(images).toHaveCount(3, { timeout: 20_000 })
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Create Product' })).toBeEnabled()

  const paths = async () => page.locator('input[type="hidden"][name="image"]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))
  const [redPath, greenPath, bluePath] = await paths()
  expect(redPath).toMatch(/^\/media\/products\/[0-9a-f]{64}\.webp$/)

  // Keyboard only: move image 1 down (focus stays on the moved image's button), then make blue the cover.
  await page.getByRole('button', { name: 'Move image 1 down' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Move image 2 down' })).toBeFocused()
  expect(await paths()).toEqual([greenPath, redPath, bluePath])
  await page.getByRole('button', { name: 'Make image 3 the cover' }).focus()
  await page.keyboard.press('Enter')
  expect(await paths()).toEqual([bluePath, greenPath, redPath])
  await expect(page.getByText('The image is now the cover.')).toBeAttached()

  expect(await axeViolations(page, 'the product form', { include: 'form' })).toEqual([])

  // Remove green, then save.
  await page.getByRole('button', { name: 'Remove image 2' }).click()
  expect(await paths()).toEqual([bluePath, redPath])
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const shown = await page.locator('main img').evaluateAll((els) => els.map((el) => (el as HTMLImageElement).getAttribute('src')))
  // The main picture is the cover at full size; the thumbnail buttons use the small variant.
  const thumb = (path: string) => path.replace(/\.webp$/, '-thumb.webp')
  expect(shown[0]).toBe(bluePath)
  expect(shown).toEqual([bluePath, thumb(bluePath!), thumb(redPath!)])

  // Served as an immutable WebP, without the GPS block the JPEG had.
  const res = await page.request.get(redPath!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('image/webp')
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  expect((await sharp(await res.body()).metadata()).exif).toBeUndefined()

  // Editing: reordering alone counts as a change; moving back does not.
  const id = page.url().split('/').pop()!
  await page.goto(`/dashboard/products/${id}/edit`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const update = page.getByRole('button', { name: 'Update Product' })
  expect(await paths()).toEqual([bluePath, redPath])
  await expect(update).toBeDisabled()
  await page.getByRole('button', { name: 'Make image 2 the cover' }).click()
  await expect(update).toBeEnabled()
  await page.getByRole('button', { name: 'Move image 1 down' }).click()
  await expect(update).toBeDisabled()
  await page.getByRole('button', { name: 'Move image 1 down' }).click()
  await update.click()
  await expect(page.getByTestId('toast')).toHaveText('Product updated successfully!')
  await page.goto(`/products/${id}`)
  expect(await page.locator('main img').first().getAttribute('src')).toBe(redPath)
})
