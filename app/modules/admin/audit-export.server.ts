// The audit log as CSV (issue 10 item 6): RFC 4180 quoting, a guard against spreadsheet formulas, a
// UTF-8 byte order mark (so Excel reads Cyrillic and Devanagari), streamed in keyset pages so a log
// of any size never sits in memory. The export is itself audited (audit_export, filters in new_value).
import { recordAdminAct } from './audit.server'
import { iterateAuditEntries, latestAuditId, type AuditEntryDto } from './queries.server'
import type { AuditFilter } from './schemas'
import type { CurrentAdmin } from './session.server'

export const AUDIT_CSV_HEADER = ['id', 'time_utc', 'admin_email', 'action', 'target_type', 'target_id', 'old_value', 'new_value', 'ip_address', 'user_agent'] as const

/**
 * One CSV cell: a value a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe; a cell with a quote, comma or line break is quoted,
 * its quotes doubled (RFC 4180).
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

function entryRow(e: AuditEntryDto): string {
  return csvRow([e.id, e.createdAt, e.adminEmail, e.action, e.targetType, e.targetId, e.oldValue, e.newValue, e.ipAddress, e.userAgent])
}

/** The filters as recorded in the export's audit row (only those set). */
function recordedFilters(filter: AuditFilter): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of ['action', 'admin', 'from', 'to'] as const) if (filter[key]) out[key] = filter[key]
  return out
}

/** The file's name: the day (UTC) it was made. */
export function auditExportFileName(now = new Date()): string {
  return `setu-audit-log-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * Audits the export, then answers a stream of the filtered log up to the newest entry at that
 * moment (the export's own row included when the filters match it), newest first.
 */
export async function exportAuditCsv(admin: CurrentAdmin, request: Request, filter: AuditFilter): Promise<ReadableStream<Uint8Array>> {
  await recordAdminAct(admin, request, { action: 'audit_export', target: ['audit_log'], to: { format: 'csv', filters: recordedFilters(filter) } })
  const upToId = await latestAuditId()
  const encoder = new TextEncoder()
  const batches = iterateAuditEntries(filter, upToId)
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(AUDIT_CSV_HEADER)}`))
        return
      }
      try {
        const next = await batches.next()
        if (next.done) {
          controller.close()
          return
        }
        controller.enqueue(encoder.encode(next.value.map(entryRow).join('')))
      } catch (err) {
        console.error(`[setu] audit export failed: ${err instanceof Error ? err.message : String(err)}`)
        controller.error(err)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}
