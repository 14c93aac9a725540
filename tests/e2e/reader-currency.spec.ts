import { expect, test } from '@playwright/test'
import { createBuyer, createSeller } from './support/factories'
import { logIn } from './support/sign-in'
import { uniqueToken } from './support/trade-flow'

// Issue 28 item 4: an Indian buyer reads a rouble price with its rupee figure beside it, the rate's date
// on focus and in the page's footnote; a visitor switches the currency in the header with the keyboard.
test('an Indian buyer sees a rouble price with its rupee figure and the rate date', async ({ page }) => {
  test.setTimeout(90_000)
  const name = uniqueToken('Sunflower oil in roubles')
  const seller = await createSeller({ country: 'Russia', products: [{ name, price: '21450.00', currency: 'RUB', unit: 'tonnes' }] })
  const buyer = await createBuyer({ country: 'India' })
  await logIn(page, buyer)
  await page.goto(`/products/${seller.products[0]!.id}?lng=en`)
  const main = page.getByRole('main')
  await expect(main.getByText('₽21,450.00').first()).toBeVisible()
  // The demo data's INR → RUB rate, inverted to 10 places: the rupee figure in lakh grouping.
  const converted = main.getByTestId('converted-amount').first()
  await expect(converted).toHaveText(/^≈ ₹\d{1,2},\d{3}\.\d{2}$/)
  // The rate's date and source on keyboard focus, as the figure's description.
  await converted.focus()
  const tooltip = page.getByRole('tooltip').first()
  await expect(tooltip).toBeVisible()
  await expect(tooltip).toContainText('RUB → INR rate of')
  await expect(tooltip).toContainText('CBR official rate (demo figure)')
  await expect(converted).toHaveAccessibleDescription(/RUB → INR rate of .*2\d{3}/)
  await expect(main.getByTestId('rates-footnote')).toContainText(/≈ approximate amount in INR, at the RUB → INR rate of .*2\d{3}/)
})

test('a visitor switches the currency in the header and sees prices converted to it', async ({ page }) => {
  test.setTimeout(90_000)
  const name = uniqueToken('Basmati in rupees')
  const seller = await createSeller({ country: 'India', products: [{ name, price: '9000.00', currency: 'INR', unit: 'tonnes' }] })
  await page.goto(`/sellers/${seller.profileId}?lng=en`)
  const card = page.getByTestId('product-card').filter({ hasText: name })
  // An English visitor reads dollars by default.
  await expect(card.getByTestId('converted-amount')).toHaveText(/^≈ \$\d+\.\d{2}$/)
  const menu = page.getByTestId('currency-menu')
  await expect(menu).toHaveText('USD')
  const euro = page.getByRole('menuitem', { name: 'Euro (EUR)' })
  // The menu's code loads after the page (the server rendered its button): Enter opens it once it is there.
  await expect(async () => {
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect(euro).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await euro.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('currency-menu')).toHaveText('EUR')
  await expect(page).toHaveURL(new RegExp(`/sellers/${seller.profileId}`))
  await expect(card.getByTestId('converted-amount')).toHaveText(/^≈ €\d+\.\d{2}$/)
  await expect(page.getByTestId('rates-footnote')).toContainText('approximate amount in EUR, at the INR → EUR rate of')
  // Kept: the next page reads euros too.
  await page.goto('/marketplace?lng=en')
  await expect(page.getByTestId('currency-menu')).toHaveText('EUR')
})
