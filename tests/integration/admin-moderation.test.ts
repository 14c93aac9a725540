// Issue 10 item 2, Moderation: the queue of reported conversations (oldest first, paginated, with both
// parties, the reason and the conversation's newest messages), Mark reviewed / Dismiss with a note in
// one conditional transaction with its audit row, a second decision refused with 409.
import type { AdminRole } from '~/domain'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, conversationReports, messageAttachments } from '../../db/schema'
import { seedDemoData } from '../../db/seed'
import { DEMO_REPORT_IDS } from '../../db/seed/moderation'
import { getDb } from '~/lib/db.server'
import { MODERATION_MESSAGES_SHOWN, MODERATION_PAGE_SIZE, REPORT_NOTE_MAX } from '~/modules/admin/moderation'
import { action as moderationAction, loader as moderationLoader } from '~/routes/admin/moderation'
import { ADMIN_CLIENT, signedInAdmin } from '../factories/admins'
import { createSeller } from '../factories/catalog'
import { useTempStorage } from '../factories/files'
import { createConversation, createMessage } from '../factories/messaging'
import { createUser } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'

type Party = { id: string; name: string; company: string; country: string; role: 'buyer' | 'seller' }
type Report = {
  id: string
  conversationId: string
  reason: string
  status: string
  createdAt: string
  reviewedAt: string | null
  decidedBy: string | null
  note: string | null
  reporter: Party
  other: Party
  messages: { id: string; from: 'reporter' | 'other'; body: string; createdAt: string; attachments: string[] }[]
  messageCount: number
}
type Page = { reports: { items: Report[]; status: string; page: number; pageCount: number; total: number; openCount: number } }

const moderator = (role: AdminRole = 'moderator') => signedInAdmin(role)

/** A conversation between a new buyer and a new seller, reported by the buyer at `at`. */
async function reportedConversation(opts: { at?: Date; reason?: string; messages?: number; status?: 'open' | 'reviewed' | 'dismissed' } = {}) {
  const buyer = await createUser({ profile: { companyName: 'Sharma Imports' } })
  const seller = await createSeller({ companyName: 'Volga Timber LLC', country: 'Russia' })
  const conversation = await createConversation(buyer.profileId!, seller.id)
  const base = Date.now() - 60 * 60 * 1000
  for (let i = 0; i < (opts.messages ?? 2); i += 1) {
    await createMessage(conversation, i % 2 === 0 ? buyer.profileId! : seller.id, `message ${i}`, { at: new Date(base + i * 1000) })
  }
  const [report] = await getDb()
    .insert(conversationReports)
    .values({
      conversationId: conversation.id,
      reporterId: buyer.profileId!,
      reason: opts.reason ?? 'The seller asked me to pay outside the platform.',
      status: opts.status ?? 'open',
      ...(opts.at ? { createdAt: opts.at } : {}),
      ...(opts.status && opts.status !== 'open' ? { reviewedAt: new Date() } : {}),
    })
    .returning()
  return { buyer, seller, conversation, report: report! }
}

const decide = (cookie: string | null, fields: Record<string, string>) => callRoute(moderationAction, '/admin/moderation', { cookie, body: form(fields), headers: ADMIN_CLIENT })
const auditOf = (reportId: string) => getDb().select().from(auditLog).where(eq(auditLog.targetId, reportId))
const statusOf = async (reportId: string) => (await getDb().select().from(conversationReports).where(eq(conversationReports.id, reportId)))[0]!

describe('/admin/moderation queue', () => {
  it('lists open reports oldest first, 20 a page, with reporter, other participant, reason, time and newest messages', async () => {
    const m = await moderator()
    const made = []
    for (let i = 0; i < MODERATION_PAGE_SIZE + 2; i += 1) made.push(await reportedConversation({ at: new Date(Date.UTC(2026, 0, 1, 0, i)) }))
    await reportedConversation({ status: 'reviewed' })
    const first = (await callRoute(moderationLoader, '/admin/moderation', { cookie: m.cookie })).data as Page
    expect(first.reports).toMatchObject({ status: 'open', total: MODERATION_PAGE_SIZE + 2, openCount: MODERATION_PAGE_SIZE + 2, page: 1, pageCount: 2 })
    expect(first.reports.items.map((r) => r.id)).toEqual(made.slice(0, MODERATION_PAGE_SIZE).map((x) => x.report.id))
    const top = first.reports.items[0]!
    expect(top).toMatchObject({
      conversationId: made[0]!.conversation.id,
      reason: 'The seller asked me to pay outside the platform.',
      status: 'open',
      createdAt: '2026-01-01T00:00:00.000Z',
      reporter: { id: made[0]!.buyer.profileId, name: made[0]!.buyer.name, company: 'Sharma Imports', role: 'buyer', country: 'India' },
      other: { id: made[0]!.seller.id, company: 'Volga Timber LLC', role: 'seller', country: 'Russia' },
      messageCount: 2,
    })
    expect(top.messages.map((x) => [x.from, x.body])).toEqual([
      ['reporter', 'message 0'],
      ['other', 'message 1'],
    ])
    const second = (await callRoute(moderationLoader, '/admin/moderation?page=2', { cookie: m.cookie })).data as Page
    expect(second.reports.items.map((r) => r.id)).toEqual(made.slice(MODERATION_PAGE_SIZE).map((x) => x.report.id))
    // Junk parameters: the open queue's first page (or last), never an error.
    const junk = await callRoute(moderationLoader, '/admin/moderation?status=%00&page=-1', { cookie: m.cookie })
    expect(junk.status).toBe(200)
    expect((junk.data as Page).reports).toMatchObject({ status: 'open', page: 1 })
  })

  it("shows only the conversation's newest messages as text, attachments by name, never a storage key", async () => {
    const m = await moderator()
    const { report, seller, conversation } = await reportedConversation({ messages: MODERATION_MESSAGES_SHOWN + 3, at: new Date(Date.UTC(2020, 0, 1)) })
    const withFile = await createMessage(conversation, seller.id, '', { at: new Date() })
    await getDb().insert(messageAttachments).values({ messageId: withFile.id, storageKey: `secret-key/${randomUUID()}.pdf`, fileName: 'invoice.pdf', contentType: 'application/pdf', sizeBytes: 1000 })
    const page = (await callRoute(moderationLoader, '/admin/moderation', { cookie: m.cookie })).data as Page
    const item = page.reports.items.find((r) => r.id === report.id)!
    expect(item.messageCount).toBe(MODERATION_MESSAGES_SHOWN + 4)
    expect(item.messages).toHaveLength(MODERATION_MESSAGES_SHOWN)
    // Oldest of the shown first; the newest is the file.
    expect(item.messages.at(-1)).toMatchObject({ from: 'other', body: '', attachments: ['invoice.pdf'] })
    expect(item.messages[0]!.body).toBe('message 4')
    expect(JSON.stringify(page)).not.toContain('secret-key')
  })

  it('is open to all three roles; a visitor goes to the admin login', async () => {
    for (const role of ['super_admin', 'admin', 'moderator'] as const) {
      const a = await moderator(role)
      expect((await callRoute(moderationLoader, '/admin/moderation', { cookie: a.cookie })).status).toBe(200)
    }
    const visitor = await callRoute(moderationLoader, '/admin/moderation?status=reviewed', { cookie: null })
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe('/admin/login?redirectTo=%2Fadmin%2Fmoderation%3Fstatus%3Dreviewed')
    const { report } = await reportedConversation()
    const post = await decide(null, { decision: 'reviewed', reportId: report.id, note: '' })
    expect(post.status).toBe(302)
    expect((await statusOf(report.id)).status).toBe('open')
  })
})

describe('Mark reviewed / Dismiss', () => {
  it('marks a report reviewed with a note: one transaction with the report_review audit row; a second decision is 409', async () => {
    const m = await moderator()
    const { report, conversation } = await reportedConversation()
    const out = await decide(m.cookie, { decision: 'reviewed', reportId: report.id, note: '  Warned the seller by email.  ' })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/admin/moderation')
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'admin:moderation.done.reviewed' })
    const after = await statusOf(report.id)
    expect(after.status).toBe('reviewed')
    expect(after.reviewedAt).toBeInstanceOf(Date)
    const rows = await auditOf(report.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      adminId: m.id,
      adminEmail: m.email,
      action: 'report_review',
      targetType: 'conversation_report',
      oldValue: { status: 'open' },
      newValue: { status: 'reviewed', note: 'Warned the seller by email.', conversation_id: conversation.id },
      ipAddress: '203.0.113.9',
      userAgent: 'AdminTest/1.0',
    })

    // It left the queue and shows under Reviewed with who decided and the note.
    const open = (await callRoute(moderationLoader, '/admin/moderation', { cookie: m.cookie })).data as Page
    expect(open.reports.items.some((r) => r.id === report.id)).toBe(false)
    const reviewed = (await callRoute(moderationLoader, '/admin/moderation?status=reviewed', { cookie: m.cookie })).data as Page
    expect(reviewed.reports.items.find((r) => r.id === report.id)).toMatchObject({ status: 'reviewed', decidedBy: m.email, note: 'Warned the seller by email.' })

    // A second decision (another tab, another moderator): 409, nothing written.
    const other = await moderator('admin')
    const again = await decide(other.cookie, { decision: 'dismissed', reportId: report.id, note: '' })
    expect(again.status).toBe(409)
    expect(again.data).toEqual({ formError: 'admin:moderation.errors.alreadyDecided' })
    expect((await statusOf(report.id)).status).toBe('reviewed')
    expect(await auditOf(report.id)).toHaveLength(1)
  })

  it('dismisses without a note (null in the audit row); two racing decisions make exactly one', async () => {
    const m = await moderator()
    const { report } = await reportedConversation()
    const outs = await Promise.all([
      decide(m.cookie, { decision: 'dismissed', reportId: report.id, note: '' }),
      decide(m.cookie, { decision: 'reviewed', reportId: report.id, note: 'late' }),
    ])
    expect(outs.map((o) => o.status).sort()).toEqual([302, 409])
    const rows = await auditOf(report.id)
    expect(rows).toHaveLength(1)
    expect((await statusOf(report.id)).status).toBe((rows[0]!.newValue as { status: string }).status)
    const dismissedFirst = outs[0]!.status === 302
    if (dismissedFirst) expect(rows[0]!.newValue).toMatchObject({ status: 'dismissed', note: null })
    const list = (await callRoute(moderationLoader, `/admin/moderation?status=${dismissedFirst ? 'dismissed' : 'reviewed'}`, { cookie: m.cookie })).data as Page
    expect(list.reports.items.map((r) => r.id)).toContain(report.id)
  })

  it('refuses bad input with a translated message and the right status, writing nothing', async () => {
    const m = await moderator()
    const { report } = await reportedConversation()
    const before = (await getDb().select().from(auditLog)).length
    const cases: [Record<string, string>, number, unknown][] = [
      [{ decision: 'ban', reportId: report.id, note: '' }, 400, { fieldErrors: { form: 'admin:moderation.errors.invalid' } }],
      [{ decision: 'reviewed', reportId: 'not-a-uuid', note: '' }, 400, { fieldErrors: { form: 'admin:moderation.errors.notFound' } }],
      [{ decision: 'reviewed', reportId: report.id, note: 'x'.repeat(REPORT_NOTE_MAX + 1) }, 400, { fieldErrors: { note: 'admin:moderation.errors.noteMax' } }],
      [{ decision: 'reviewed', reportId: randomUUID(), note: '' }, 404, { formError: 'admin:moderation.errors.notFound' }],
      [{}, 400, { fieldErrors: { form: 'admin:moderation.errors.invalid' } }],
    ]
    for (const [fields, status, data] of cases) {
      const out = await decide(m.cookie, fields)
      expect(out.status, JSON.stringify(fields).slice(0, 80)).toBe(status)
      expect(out.data).toEqual(data)
    }
    // A note of 100,000 characters is refused the same way.
    expect((await decide(m.cookie, { decision: 'dismissed', reportId: report.id, note: 'n'.repeat(100_000) })).status).toBe(400)
    expect((await statusOf(report.id)).status).toBe('open')
    expect((await getDb().select().from(auditLog)).length).toBe(before)
  })
})

describe('demo data', () => {
  it('puts two reported conversations in the queue, with their messages, the oldest first', async () => {
    const temp = useTempStorage()
    try {
      await seedDemoData(getDb())
      const m = await moderator()
      // Earlier tests left reports too: read every page of the queue.
      const items: Report[] = []
      for (let n = 1; ; n += 1) {
        const page = (await callRoute(moderationLoader, `/admin/moderation?page=${n}`, { cookie: m.cookie })).data as Page
        items.push(...page.reports.items)
        if (n >= page.reports.pageCount) break
      }
      const demo = items.filter((r) => (Object.values(DEMO_REPORT_IDS) as string[]).includes(r.id))
      expect(demo.map((r) => r.id)).toEqual([DEMO_REPORT_IDS.offPlatformPayment, DEMO_REPORT_IDS.abusiveBuyer])
      expect(demo[0]).toMatchObject({ reporter: { company: 'Kaveri Hospitality Supplies Pvt Ltd', role: 'buyer' }, other: { role: 'seller' }, messageCount: 4 })
      expect(demo[0]!.messages.map((x) => x.from)).toEqual(['reporter', 'other', 'other', 'reporter'])
      expect(demo[1]).toMatchObject({ reporter: { role: 'seller' }, other: { company: 'Neva Foods Distribution LLC' }, messageCount: 3 })
    } finally {
      temp.cleanup()
    }
  })
})
