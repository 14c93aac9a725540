import fs from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

// Issue 10: the demo moderator works the moderation queue (a demo report, Mark reviewed with a note,
// it leaves the queue); the demo admin downloads the audit log as CSV with the viewer's filters; the
// Overview's System Status shows measured states.
const PASSWORD = 'SetuDemo2026!'

async function signIn(page: Page, email: string, path = '/admin/login?lng=en') {
  await page.context().clearCookies()
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze()
  return violations.map((v) => `${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('the demo moderator marks a demo report reviewed and it leaves the queue', async ({ page }) => {
  await signIn(page, 'moderator@setu.example')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const menu = page.getByRole('navigation', { name: 'Admin menu' })
  await menu.getByRole('link', { name: 'Moderation' }).click()
  await expect(page).toHaveURL(/\/admin\/moderation$/)
  await expect(page.getByRole('heading', { level: 1, name: /Reported Conversations \(2 open\)/ })).toBeVisible()

  const report = page.getByRole('article', { name: 'Report by Ananya Iyer' })
  await expect(report).toBeVisible()
  await expect(report.getByTestId('report-reason')).toContainText('personal crypto wallet')
  await expect(report).toContainText('Kaveri Hospitality Supplies Pvt Ltd')
  await expect(report.getByTestId('report-messages').locator('li')).toHaveCount(4)
  await expect(report.getByTestId('report-messages')).toContainText('Send USDT to this wallet')
  expect(await axe(page)).toEqual([])

  // Mark reviewed, with a note, from the keyboard-usable dialog.
  await report.getByRole('button', { name: /^Mark reviewed/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Mark report reviewed' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Note (optional)').fill('Asked the seller to keep payments on Setu.')
  await dialog.getByRole('button', { name: 'Mark reviewed' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Report marked reviewed.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /Reported Conversations \(1 open\)/ })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Report by Ananya Iyer' })).toHaveCount(0)
  await expect(page.getByTestId('moderation-report')).toHaveCount(1)

  // Under Reviewed, with who decided and the note.
  await page.getByRole('link', { name: 'Reviewed' }).click()
  await expect(page).toHaveURL(/status=reviewed/)
  const reviewed = page.getByRole('article', { name: 'Report by Ananya Iyer' })
  await expect(reviewed).toContainText('By moderator@setu.example')
  await expect(reviewed).toContainText('Asked the seller to keep payments on Setu.')

  // The moderator's own act is in their Recent Activity on the Overview.
  await menu.getByRole('link', { name: 'Overview' }).click()
  const activity = page.getByRole('region', { name: 'Your Recent Activity' })
  await expect(activity.getByTestId('recent-activity-entry').first()).toContainText('Conversation report reviewed')
  await expect(activity.getByRole('link', { name: 'View audit log' })).toHaveCount(0)
})

test('the demo admin sees measured System Status and Recent Activity, and downloads the audit log as CSV', async ({ page }) => {
  await signIn(page, 'admin@setu.example')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByTestId('stat-open-disputes')).toHaveText(/^\d[\d,]*$/)

  const status = page.getByRole('region', { name: 'System Status' })
  for (const [id, name] of [
    ['database', 'Database'],
    ['storage', 'File storage'],
    ['mail', 'Mail transport'],
    ['jobs', 'Job queue'],
  ] as const) {
    const row = status.getByTestId(`system-check-${id}`)
    await expect(row).toContainText(name)
    await expect(row).toContainText(/\d+ ms/)
    await expect(row).toHaveAttribute('data-status', /^(ok|warn|down)$/)
  }
  await expect(status.getByTestId('system-check-database')).toHaveAttribute('data-status', 'ok')
  await expect(status.getByTestId('system-check-storage')).toContainText('A test file was written, read back and deleted.')
  await expect(status.getByTestId('system-check-mail')).toContainText('Dev outbox')
  await expect(status.getByTestId('system-check-jobs')).toContainText(/waiting/)
  await expect(status).not.toContainText('Online')

  const activity = page.getByRole('region', { name: 'Recent Activity' })
  await expect(activity.getByTestId('recent-activity-entry').first()).toContainText('admin@setu.example')
  await expect(activity.getByTestId('recent-activity-entry').first()).toContainText('Login')
  expect(await axe(page)).toEqual([])

  await activity.getByRole('link', { name: 'View audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
  await page.getByLabel('Action').selectOption('login')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/action=login/)
  const link = page.getByRole('link', { name: 'Download CSV' })
  await expect(link).toHaveAttribute('href', '/admin/audit/export?action=login')
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^setu-audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = await fs.readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n')
  expect(lines[0]).toBe('id,time_utc,admin_email,action,target_type,target_id,old_value,new_value,ip_address,user_agent')
  expect(lines.length).toBeGreaterThan(1)
  expect(lines.slice(1).every((l) => l.split(',')[3] === 'login')).toBe(true)
  expect(lines.some((l) => l.includes('admin@setu.example'))).toBe(true)

  // The export is audited.
  await page.goto('/admin/audit?action=audit_export')
  await expect(page.getByTestId('audit-table').locator('tbody tr').first()).toContainText('Audit log exported')
})

test('the moderation queue, the Overview and the audit log meet WCAG 2.2 AA in en, ru and hi', async ({ page }) => {
  await signIn(page, 'superadmin@setu.example')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const found: string[] = []
  for (const lng of ['en', 'ru', 'hi']) {
    for (const path of ['/admin/dashboard', '/admin/moderation', '/admin/moderation?status=reviewed', '/admin/audit']) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`)
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      found.push(...(await axe(page)).map((v) => `${lng} ${path}: ${v}`))
    }
  }
  expect(found).toEqual([])
})
