import fs from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { createAdmin, createReportedConversation } from './support/factories'
import { adminLogIn } from './support/sign-in'
import { axeViolations } from './support/axe'

// Issue 10: a moderator works the moderation queue (a report of the test's own, Mark reviewed with a
// note, it leaves the queue); an admin downloads the audit log as CSV with the viewer's filters; the
// Overview's System Status shows measured states. The admins and the report are each test's own; the
// demo data's reports (db/seed/moderation.ts) are only read, by the accessibility test.

async function axe(page: Page) {
  return axeViolations(page, page.url())
}

test('a moderator marks a report reviewed and it leaves the queue', async ({ page }) => {
  const stamp = Date.now().toString(36)
  const reporter = `Ananya Iyer ${stamp}`
  const [moderator] = await Promise.all([
    createAdmin({ role: 'moderator' }),
    createReportedConversation({
      buyerName: reporter,
      sellerCompany: `Kaveri Hospitality Supplies ${stamp}`,
      reason: 'The seller asked me to pay into a personal crypto wallet instead of through Setu.',
      lines: ['Can you quote 200 kg of cardamom?', 'Yes. Send USDT to this wallet for a better price.', 'Is that not against the rules?', 'Pay now or the offer is gone.'],
    }),
  ])
  await adminLogIn(page, moderator)
  const menu = page.getByRole('navigation', { name: 'Admin menu' })
  await menu.getByRole('link', { name: 'Moderation' }).click()
  await expect(page).toHaveURL(/\/admin\/moderation$/)
  // Other specs' reports may be in the queue too: this one leaves it, whatever the count was.
  const heading = page.getByRole('heading', { level: 1, name: /Reported Conversations \(\d+ open\)/ })
  const open = Number(/\((\d+) open\)/.exec((await heading.textContent()) ?? '')?.[1])
  expect(open).toBeGreaterThanOrEqual(1)

  const report = page.getByRole('article', { name: `Report by ${reporter}` })
  await expect(report).toBeVisible()
  await expect(report.getByTestId('report-reason')).toContainText('personal crypto wallet')
  await expect(report).toContainText(`Kaveri Hospitality Supplies ${stamp}`)
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
  await expect(page.getByRole('heading', { level: 1, name: `Reported Conversations (${open - 1} open)` })).toBeVisible()
  await expect(page.getByRole('article', { name: `Report by ${reporter}` })).toHaveCount(0)

  // Under Reviewed, with who decided and the note.
  await page.getByRole('link', { name: 'Reviewed' }).click()
  await expect(page).toHaveURL(/status=reviewed/)
  const reviewed = page.getByRole('article', { name: `Report by ${reporter}` })
  await expect(reviewed).toContainText(`By ${moderator.email}`)
  await expect(reviewed).toContainText('Asked the seller to keep payments on Setu.')

  // The moderator's own act is in their Recent Activity on the Overview.
  await menu.getByRole('link', { name: 'Overview' }).click()
  const activity = page.getByRole('region', { name: 'Your Recent Activity' })
  await expect(activity.getByTestId('recent-activity-entry').first()).toContainText('Conversation report reviewed')
  await expect(activity.getByRole('link', { name: 'View audit log' })).toHaveCount(0)
})

test('an admin sees measured System Status and Recent Activity, and downloads the audit log as CSV', async ({ page }) => {
  const admin = await createAdmin({ role: 'admin' })
  await adminLogIn(page, admin)
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
  await expect(activity.getByTestId('recent-activity-entry').first()).toContainText(admin.email)
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
  expect(lines.some((l) => l.includes(admin.email))).toBe(true)

  // The export is audited.
  await page.goto('/admin/audit?action=audit_export')
  await expect(page.getByTestId('audit-table').locator('tbody tr').first()).toContainText('Audit log exported')
})

test('the moderation queue, the Overview and the audit log meet WCAG 2.2 AA in en, ru and hi', async ({ page }) => {
  // Twelve pages through axe: on a busy two-core machine this takes over the default minute.
  test.setTimeout(120_000)
  await adminLogIn(page, await createAdmin({ role: 'super_admin' }))
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
