import { expect, test, type Page, type Route } from '@playwright/test'
import { createBuyer } from './support/factories'
import { logIn } from './support/sign-in'

// The header's dropdown menus load their code (Radix menu, popper, focus and dismiss handling) after
// the page has hydrated, not with the page (issue #11: at most 150 kB of JavaScript per public page;
// app/components/deferred-dropdown-menu.tsx). Until the code is there each trigger is a plain button.
// A click on it after hydration must still open the menu, however late the code arrives.

const MENU_CODE = /\/assets\/dropdown-menu-[\w-]+\.js$/

/**
 * Holds back the menu code until `release` is called. Resolves `requested` when the browser asks for
 * it, which the page does only once it has hydrated (the request starts in an effect).
 */
async function holdMenuCode(page: Page) {
  const held: Route[] = []
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested!: () => void
  const asked = new Promise<void>((resolve) => (requested = resolve))
  await page.route(MENU_CODE, async (route) => {
    held.push(route)
    requested()
    await released
    await route.continue()
  })
  return { requested: asked, release, held }
}

test('a menu clicked before the page has hydrated opens once it has', async ({ page }) => {
  // The modules start after the first paint (ADR 019); until React has hydrated, a click on a menu
  // would do nothing. The page's starter keeps it and clicks again once React is there.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested!: () => void
  const asked = new Promise<void>((resolve) => (requested = resolve))
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    requested()
    await released
    await route.continue()
  })
  await page.goto('/about?lng=en', { waitUntil: 'domcontentloaded' })
  await asked
  const trigger = page.getByTestId('language-menu')
  await trigger.click()
  await expect(page.getByRole('menu')).toHaveCount(0)
  release()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true')
})

test('a menu clicked after hydration, before its code has arrived, opens once the code is there', async ({ page }) => {
  const menuCode = await holdMenuCode(page)
  await page.goto('/about?lng=en')
  await menuCode.requested
  const trigger = page.getByTestId('language-menu')
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  await trigger.click()
  // Nothing can open before the code is there…
  await expect(page.getByRole('menu')).toHaveCount(0)
  menuCode.release()
  // …and the click was not lost: the menu opens with the languages, the current one marked.
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Русский' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(trigger).toBeFocused()
})

test('once loaded, the menus open on the first click and from the keyboard, and their links work', async ({ page }) => {
  const buyer = await createBuyer()
  await logIn(page, buyer)
  await expect(page).toHaveURL('/')

  const menuCode = page.waitForResponse(MENU_CODE)
  await page.goto('/faq?lng=en')
  await menuCode
  // The categories menu, first click.
  await page.getByRole('button', { name: 'Categories' }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await page.getByRole('menuitem', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/categories\/all$/)

  // The user menu from the keyboard: Enter opens it with focus inside, arrows move, Enter follows.
  await page.getByTestId('user-menu').focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByText(buyer.email)).toBeVisible()
  await menu.getByRole('menuitem', { name: 'My orders' }).click()
  await expect(page).toHaveURL(/\/orders$/)
})

test('a loaded menu opens on a click that no press came before, and a second press closes it', async ({ page }) => {
  // Radix opens on pointerdown, so such a click (the starter replaying a click made before hydration,
  // or a press on the plain button whose click lands after the code has swapped it) was lost.
  const menuCode = page.waitForResponse(MENU_CODE)
  await page.goto('/about?lng=en')
  await menuCode
  const trigger = page.getByTestId('language-menu')
  await expect(trigger).toHaveAttribute('data-state', 'closed')
  await trigger.dispatchEvent('click')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  // A real click opens it once (not twice, which would close it again) and the next one closes it.
  await trigger.click()
  await expect(menu).toBeVisible()
  await trigger.click()
  await expect(menu).toHaveCount(0)
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
})
