import type { Route } from './+types/audit-export'
import { auditExportFileName, csvDownload, exportAuditCsv, requireAdmin } from '~/modules/admin/index.server'
import { parseAuditFilter } from '~/modules/admin'

/**
 * GET /admin/audit/export?action&admin&from&to: the audit log as a CSV download, with the viewer's
 * filters (audit:read). Streamed; the export is audited before the first byte.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'audit:read')
  const filter = parseAuditFilter(new URL(request.url))
  return csvDownload(await exportAuditCsv(admin, request, filter), auditExportFileName())
}
