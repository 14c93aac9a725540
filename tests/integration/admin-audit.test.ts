import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { adminUsers, auditLog } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { recordAudit } from '~/modules/admin/audit.server'
import { AUDIT_CSV_HEADER, csvCell } from '~/modules/admin/audit-export.server'
import { iterateAuditEntries, latestAuditId } from '~/modules/admin/queries.server'
import { AUDIT_PAGE_SIZE } from '~/modules/admin/schemas'
import { loader as auditLoader } from '~/routes/admin/audit'
import { loader as exportLoader } from '~/routes/admin/audit-export'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { callRoute } from './account-support'
import { adminCookie, createAdmin } from '../factories/admins'
import { createProduct, createSeller } from '../factories/catalog'
import { useTempStorage } from '../factories/files'
import { createUser } from '../factories/users'

const request = new Request('http://localhost/', { headers: { 'x-setu-client-ip': '198.51.100.4', 'User-Agent': 'AuditTest' } })

/** The database's error for a statement, or null when it succeeded. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await getDb().execute(statement)
    return null
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } }
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`
  }
}

describe('audit_log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const a = await createAdmin()
    await recordAudit({ admin: { id: a.id, email: a.email }, action: 'login', targetType: 'admin_session', newValue: { success: true }, request })
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.adminId, a.id))
    expect(await refusal(sql`update audit_log set action = 'logout' where id = ${row.id}`)).toMatch(/append-only/)
    expect(await refusal(sql`update audit_log set admin_email = 'someone@else.example'`)).toMatch(/append-only/)
    expect(await refusal(sql`delete from audit_log where id = ${row.id}`)).toMatch(/append-only/)
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/)
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/)
    const [after] = await getDb().select().from(auditLog).where(eq(auditLog.id, row.id))
    expect(after).toEqual(row)
  })

  it("keeps the admin's email when the admin account is deleted (only admin_id is cleared)", async () => {
    const a = await createAdmin()
    await recordAudit({ admin: { id: a.id, email: a.email }, action: 'login', request })
    await getDb().delete(adminUsers).where(eq(adminUsers.id, a.id))
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.adminEmail, a.email))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ adminId: null, adminEmail: a.email, action: 'login', ipAddress: '198.51.100.4', userAgent: 'AuditTest' })
  })
})

describe('/admin/audit viewer', () => {
  it('lists entries newest first, 50 a page, filtered by action and admin on the server', async () => {
    const viewer = await createAdmin({ role: 'admin' })
    const other = await createAdmin({ role: 'moderator' })
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
      await recordAudit({ admin: { id: other.id, email: other.email }, action: 'admin_notes_update', targetType: 'profile', targetId: `p${i}`, newValue: { i }, request })
    }
    const cookie = await adminCookie(viewer.email, viewer.password)
    type Page = { page: { entries: { action: string; targetId: string | null; adminEmail: string | null }[]; page: number; pageCount: number; total: number } }
    const first = (await callRoute(auditLoader, `/admin/audit?admin=${other.id}`, { cookie })).data as Page
    expect(first.page.total).toBe(AUDIT_PAGE_SIZE + 5)
    expect(first.page.entries).toHaveLength(AUDIT_PAGE_SIZE)
    expect(first.page.entries[0]).toMatchObject({ targetId: `p${AUDIT_PAGE_SIZE + 4}`, adminEmail: other.email })
    const second = (await callRoute(auditLoader, `/admin/audit?admin=${other.id}&page=2`, { cookie })).data as Page
    expect(second.page.entries.map((e) => e.targetId)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0'])
    // A page past the end shows the last one; junk filters are ignored rather than failing.
    expect(((await callRoute(auditLoader, `/admin/audit?admin=${other.id}&page=999`, { cookie })).data as Page).page.page).toBe(2)
    const logins = (await callRoute(auditLoader, '/admin/audit?action=login', { cookie })).data as Page
    expect(logins.page.entries.every((e) => e.action === 'login')).toBe(true)
    expect(logins.page.entries.some((e) => e.adminEmail === viewer.email)).toBe(true)
    const junk = await callRoute(auditLoader, '/admin/audit?action=%00drop&admin=%27%3B--&page=-4', { cookie })
    expect(junk.status).toBe(200)
  })
})

describe('/admin/dashboard overview', () => {
  // The Overview's storage check writes a probe: into a temporary storage, not ./data.
  let temp: ReturnType<typeof useTempStorage>
  beforeEach(() => {
    temp = useTempStorage()
  })
  afterEach(() => temp.cleanup())

  it('counts users, pending KYC (with a document) and public products from the database', async () => {
    const a = await createAdmin({ role: 'moderator' })
    const cookie = await adminCookie(a.email, a.password)
    type Overview = { overview: { totalUsers: number; pendingKyc: number; activeProducts: number }; admin: { role: string; fullName: string } }
    const before = ((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).data as Overview).overview
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending', kycDocumentUrl: 'kyc/test.pdf' } })
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
    await createUser({ profile: {} })
    // Two products, one public (approved seller) and one waiting for its seller's KYC review.
    await createProduct()
    await createProduct({ sellerId: (await createSeller({ kycStatus: 'Pending' })).id })
    const after = (await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).data as Overview
    expect(after.overview.totalUsers).toBe(before.totalUsers + 5)
    expect(after.overview.pendingKyc).toBe(before.pendingKyc + 1)
    expect(after.overview.activeProducts).toBe(before.activeProducts + 1)
    expect(after.admin).toMatchObject({ role: 'moderator', fullName: a.fullName })
  })
})

describe('/admin/audit date filter', () => {
  it('keeps entries from the first to the last day given (UTC, both included); a bad date is ignored', async () => {
    const viewer = await createAdmin({ role: 'admin' })
    const cookie = await adminCookie(viewer.email, viewer.password)
    type Page = { page: { entries: { action: string }[]; total: number }; filter: { from: string; to: string } }
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const all = ((await callRoute(auditLoader, '/admin/audit', { cookie })).data as Page).page.total
    expect(((await callRoute(auditLoader, `/admin/audit?from=${today}&to=${today}`, { cookie })).data as Page).page.total).toBe(all)
    expect(((await callRoute(auditLoader, `/admin/audit?from=${tomorrow}`, { cookie })).data as Page).page.total).toBe(0)
    expect(((await callRoute(auditLoader, `/admin/audit?to=${yesterday}`, { cookie })).data as Page).page.total).toBe(0)
    const junk = (await callRoute(auditLoader, '/admin/audit?from=2026-02-31&to=yesterday', { cookie })).data as Page
    expect(junk.page.total).toBe(all)
    expect(junk.filter).toMatchObject({ from: '', to: '' })
  })
})

/** Parses RFC 4180 CSV (quoted cells with doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i += 1
    } else cell += c
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

describe('/admin/audit/export CSV', () => {
  const exportAs = (cookie: string | null, query = '') =>
    callRoute(exportLoader, `/admin/audit/export${query}`, { cookie, headers: { 'x-setu-client-ip': '192.0.2.50', 'User-Agent': 'ExportTest' } })

  it('downloads the filtered log as CSV: BOM, header, every column, RFC 4180 quoting and a formula guard; the export is audited', async () => {
    const a = await createAdmin({ role: 'admin' })
    const cookie = await adminCookie(a.email, a.password)
    const other = await createAdmin({ role: 'moderator' })
    const hostile = new Request('http://localhost/', { headers: { 'x-setu-client-ip': '198.51.100.9', 'User-Agent': '=HYPERLINK("http://evil.example")' } })
    await recordAudit({ admin: { id: other.id, email: other.email }, action: 'admin_notes_update', targetType: 'profile', targetId: '-1+2', oldValue: { notes: 'a, "b"' }, newValue: { notes: 'line1\nline2 Привет हिन्दी' }, request: hostile })
    await recordAudit({ admin: { id: other.id, email: other.email }, action: 'report_review', targetType: 'conversation_report', targetId: '@cmd', request })

    const out = await exportAs(cookie, `?admin=${other.id}`)
    expect(out.status).toBe(200)
    const res = out.response!
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="setu-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    expect(text.endsWith('\r\n')).toBe(true)
    const rows = parseCsv(text)
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADER])
    expect(rows).toHaveLength(3)
    // Newest first, only the filtered admin's rows.
    expect(rows.slice(1).map((r) => r[3])).toEqual(['report_review', 'admin_notes_update'])
    const [, first, second] = rows
    expect(first![5]).toBe("'@cmd")
    const [id, time, email, action, targetType, targetId, oldValue, newValue, ip, userAgent] = second!
    expect(Number(id)).toBeGreaterThan(0)
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect([email, action, targetType, targetId]).toEqual([other.email, 'admin_notes_update', 'profile', "'-1+2"])
    expect(JSON.parse(oldValue!)).toEqual({ notes: 'a, "b"' })
    expect(JSON.parse(newValue!)).toEqual({ notes: 'line1\nline2 Привет हिन्दी' })
    expect([ip, userAgent]).toEqual(['198.51.100.9', `'=HYPERLINK("http://evil.example")`])
    // The raw text quotes what needs it.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`)

    // The export itself is audited, with its filters.
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, 'audit_export'))
    expect(row).toMatchObject({ adminId: a.id, adminEmail: a.email, targetType: 'audit_log', newValue: { format: 'csv', filters: { admin: other.id } }, ipAddress: '192.0.2.50', userAgent: 'ExportTest' })
  })

  it('applies the action and date filters; junk filters are dropped, never an error', async () => {
    const a = await createAdmin({ role: 'super_admin' })
    const cookie = await adminCookie(a.email, a.password)
    const logins = parseCsv(new TextDecoder().decode(new Uint8Array(await (await exportAs(cookie, '?action=login')).response!.arrayBuffer()).slice(3)))
    expect(logins.length).toBeGreaterThan(1)
    expect(logins.slice(1).every((r) => r[3] === 'login')).toBe(true)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const none = parseCsv(new TextDecoder().decode(new Uint8Array(await (await exportAs(cookie, `?from=${tomorrow}`)).response!.arrayBuffer()).slice(3)))
    expect(none).toEqual([[...AUDIT_CSV_HEADER]])
    const junk = await exportAs(cookie, '?action=%00drop&admin=%27%3B--&from=nope')
    expect(junk.status).toBe(200)
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, 'audit_export')).orderBy(sql`${auditLog.id} desc`).limit(1)
    expect(row!.newValue).toEqual({ format: 'csv', filters: {} })
  })

  it('is refused to a moderator (403, nothing audited) and sends a visitor to the admin login', async () => {
    const m = await createAdmin({ role: 'moderator' })
    const cookie = await adminCookie(m.email, m.password)
    const out = await exportAs(cookie, '?action=login')
    expect(out.status).toBe(403)
    expect(out.response).toBeNull()
    const visitor = await exportAs(null, '?action=login')
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe('/admin/login?redirectTo=%2Fadmin%2Faudit%2Fexport%3Faction%3Dlogin')
    expect(await getDb().select().from(auditLog).where(eq(auditLog.adminId, m.id))).toHaveLength(1) // the login only
  })

  it('reads the log in keyset pages by id, newest first, up to the entry it started at', async () => {
    const a = await createAdmin()
    for (let i = 0; i < 7; i += 1) await recordAudit({ admin: { id: a.id, email: a.email }, action: 'admin_notes_update', targetId: `k${i}`, request })
    const upTo = await latestAuditId()
    await recordAudit({ admin: { id: a.id, email: a.email }, action: 'admin_notes_update', targetId: 'after', request })
    const batches: string[][] = []
    for await (const batch of iterateAuditEntries({ admin: a.id }, upTo, 3)) batches.push(batch.map((e) => e.targetId ?? ''))
    expect(batches).toEqual([
      ['k6', 'k5', 'k4'],
      ['k3', 'k2', 'k1'],
      ['k0'],
    ])
  })

  it('escapes cells as RFC 4180 says and disarms formulas', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`).startsWith(lead === '\r' ? `"'` : `'`)).toBe(true)
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"')
    expect(csvCell(42)).toBe('42')
  })
})
