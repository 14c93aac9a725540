import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/rates'
import { RATES_CSV } from '~/domain/uploads'
import { utcDay } from '~/domain'
import { parseSubmission } from '~/lib/form'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { redirectWithToast } from '~/lib/toast.server'
import { checkUpload, readUploadForm } from '~/lib/uploads.server'
import { AdminErrorBoundary, AdminShell } from '~/modules/admin'
import { adminHeader, recordAudit, requireAdmin } from '~/modules/admin/index.server'
import { parseRatesCsv, parseRatesPage, RATE_FORM, RateEntryForm, rateEntrySchema, RateHistory, type RatesActionData, RatesCsvForm } from '~/modules/rates'
import { trimDecimal } from '~/lib/decimal'
import { addRate, importRates, listRates, type RateAuditor } from '~/modules/rates/index.server'

/** GET /admin/rates?page: the entry form, the CSV import and the history (issue 28 item 3). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'rates:manage')
  const [page, i18n] = await Promise.all([listRates(parseRatesPage(new URL(request.url))), getI18n(request, context)])
  return data(
    { admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('adminRates:meta.title'), today: utcDay(new Date()), page },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

const refuse = (answer: RatesActionData, status = 400) => data<RatesActionData>(answer, { status })

/** POST /admin/rates: intent=add enters one rate, intent=import a CSV of many (all or nothing); both audited. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, 'rates:manage')
  const form = await readUploadForm(request, RATES_CSV)
  if (!form.ok) {
    return form.reason === 'tooLarge'
      ? refuse({ intent: 'import', problem: { key: RATES_CSV.errors.tooLarge, values: { limit: `${RATES_CSV.maxBytes / 1024} KB` } } }, 413)
      : refuse({ intent: 'add', fieldErrors: { form: 'errors:badRequest' } })
  }
  const today = utcDay(new Date())
  const audit: RateAuditor = (tx, entry) => recordAudit({ admin, request, ...entry }, tx)
  if (form.formData.get('intent') === 'import') {
    const file = await checkUpload(RATES_CSV, form.formData.get(RATES_CSV.field))
    if (!file.ok) return refuse({ intent: 'import', problem: { key: file.error, values: { limit: `${RATES_CSV.maxBytes / 1024} KB` } } }, file.status)
    const parsed = parseRatesCsv(new TextDecoder().decode(file.file.bytes), today)
    if (!parsed.ok) return refuse({ intent: 'import', problem: parsed.problem })
    const imported = await importRates(parsed.rows, { adminId: admin.id, origin: 'csv', audit })
    if (!imported.ok) {
      const v = imported.values
      return refuse({ intent: 'import', problem: { key: 'adminRates:errors.csvRow', row: imported.row, field: 'rate', message: 'adminRates:errors.rateAbsurd', values: { ...v, rate: trimDecimal(v.rate), last: trimDecimal(v.last) } } })
    }
    await invalidatePublicPages()
    return redirectWithToast(request, '/admin/rates', { type: 'success', key: 'adminRates:toast.imported', values: { count: String(imported.count) } })
  }
  const parsed = parseSubmission(rateEntrySchema(today), form.formData, RATE_FORM)
  if (!parsed.ok) return refuse({ intent: 'add', fieldErrors: parsed.fieldErrors, values: parsed.values })
  const added = await addRate(parsed.value, { adminId: admin.id, audit })
  if (!added.ok) {
    const v = added.values
    return refuse({
      intent: 'add',
      fieldErrors: { rate: 'adminRates:errors.rateAbsurd' },
      values: Object.fromEntries(Object.entries(parsed.value).map(([k, x]) => [k, String(x)])),
      errorValues: { ...v, rate: trimDecimal(v.rate), last: trimDecimal(v.last) },
    })
  }
  // Public pages show amounts converted with the newest rates (issue 28 item 4).
  await invalidatePublicPages()
  return redirectWithToast(request, '/admin/rates', { type: 'success', key: 'adminRates:toast.added', values: { from: parsed.value.from, to: parsed.value.to } })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Exchange Rates'} | Setu` }, { name: 'robots', content: 'noindex' }]

export default function AdminRates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminRates')
  const { admin, locale, today, page } = loaderData
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
      <section aria-labelledby="rates-add" className="mt-6">
        <h2 id="rates-add" className="mb-3 text-lg font-semibold">
          {t('form.title')}
        </h2>
        <RateEntryForm key={actionData ? 'answered' : 'fresh'} today={today} answer={actionData?.intent === 'add' ? actionData : undefined} />
      </section>
      <section aria-labelledby="rates-import" className="mt-6">
        <h2 id="rates-import" className="mb-3 text-lg font-semibold">
          {t('csv.title')}
        </h2>
        <RatesCsvForm answer={actionData?.intent === 'import' ? actionData : undefined} />
      </section>
      <section aria-labelledby="rates-history" className="mt-8">
        <h2 id="rates-history" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {t('history.total', { count: page.total })}
        </p>
        <RateHistory page={page} />
      </section>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
