import type { Route } from './+types/analytics-export'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { csvDownload, requireAdmin } from '~/modules/admin/index.server'
import { csvFileName, isChartId, isoDay, parseDateRange, toCsv } from '~/modules/analytics'
import { getChartTable } from '~/modules/analytics/index.server'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small translated page for a refused download (the link is followed outside the panel's React tree). */
async function refusal(request: Request, context: Route.LoaderArgs['context'], status: 400 | 403 | 404, message: string) {
  const i18n = await getI18n(request, context)
  const title = i18n.t('adminAnalytics:export.title')
  const back = i18n.t('adminAnalytics:export.back')
  const body = `<!doctype html><html lang="${escapeHtml(getLocale(context))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Setu</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/admin/analytics">${escapeHtml(back)}</a></p></main></body></html>`
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}

/**
 * GET /admin/analytics/export?chart&from&to: one chart's data as CSV (UTF-8 with a BOM for Excel, CRLF
 * lines, RFC 4180 quoting, formula cells neutralised). Column headers are fixed English identifiers so
 * scripts can rely on them; names inside are in the admin's language. Same permission as the page. An
 * unknown chart is 404 and a bad range 400 (a download never silently swaps in another range).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireAdmin(request, 'analytics:read')
  } catch (thrown) {
    // Not signed in: the redirect to /admin/login. Signed in without the permission: the denial, as a page.
    if (thrown && typeof thrown === 'object' && (thrown as { type?: string }).type === 'DataWithResponseInit' && (thrown as { init?: ResponseInit | null }).init?.status === 403) {
      return refusal(request, context, 403, (await getI18n(request, context)).t('admin:denied.description'))
    }
    throw thrown
  }
  const i18n = await getI18n(request, context)
  const search = new URL(request.url).searchParams
  const chart = search.get('chart')
  if (!isChartId(chart)) return refusal(request, context, 404, i18n.t('adminAnalytics:export.unknownChart'))
  const today = isoDay(new Date())
  const { range, error } = parseDateRange(search, today)
  if (error) return refusal(request, context, 400, i18n.t(`adminAnalytics:range.errors.${error}`))
  const table = await getChartTable(chart, range, getLocale(context) as Language)
  return csvDownload(toCsv(table.header, table.rows), csvFileName(chart, range.from, range.to))
}
