import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/kyc'
import { parseSubmission } from '~/lib/form'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { adminHeader, decideKyc, listKycQueue, requireAdmin, safeAdminRedirect } from '~/modules/admin/index.server'
import { AdminErrorBoundary, AdminShell, ApproveKycButton, headCells, KYC_DECISION_FORM, type KycDecisionFieldErrors, KycDecisionSchema, KycIdentities, listPager, parseKycQueuePage, RejectKycDialog, RowActions } from '~/modules/admin'
import type { RegistryField } from '~/domain'
import { DataTable } from '~/components/data-table'
import { TableCell, TableRow } from '~/components/ui/table'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'kyc:review')
  const [queue, i18n] = await Promise.all([listKycQueue(parseKycQueuePage(new URL(request.url))), getI18n(request, context)])
  // The page carries signed links: never keep it in a cache.
  return data(
    { admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('admin:meta.kyc'), queue },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

type ActionData = { fieldErrors?: KycDecisionFieldErrors; formError?: string; missing?: RegistryField[] }

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, 'kyc:review')
  const form = await readForm(request)
  const parsed = parseSubmission(KycDecisionSchema, form, KYC_DECISION_FORM)
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const result = await decideKyc(admin, request, parsed.value)
  if (!result.ok) {
    if (result.reason === 'identitiesMissing') return data<ActionData>({ formError: 'admin:kyc.errors.identitiesMissing', missing: result.missing }, { status: 409 })
    return result.reason === 'alreadyDecided'
      ? data<ActionData>({ formError: 'admin:kyc.errors.alreadyDecided' }, { status: 409 })
      : data<ActionData>({ formError: 'admin:kyc.errors.notFound' }, { status: 404 })
  }
  // Decided from User Management: back there (a path inside the panel only).
  const back = form.has('returnTo') ? safeAdminRedirect(form.get('returnTo')) : '/admin/kyc'
  return redirectWithToast(request, back, { type: 'success', key: result.status === 'Approved' ? 'admin:kyc.approved' : 'admin:kyc.rejected' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'KYC Review'} | Setu` }, { name: 'robots', content: 'noindex' }]

export default function AdminKyc({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { admin, locale, queue } = loaderData
  const format = useFormat()
  const pageHref = (n: number) => (n > 1 ? `/admin/kyc?page=${n}` : '/admin/kyc')
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('kyc.title', { count: queue.total })}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('kyc.description', { minutes: Math.round(queue.linkTtlSeconds / 60) })}</p>
      <DataTable
        rows={queue.items}
        label={t('kyc.tableLabel')}
        empty={t('kyc.empty')}
        className="mt-6 bg-background"
        testId="kyc-queue"
        emptyTestId="kyc-queue-empty"
        pager={listPager(queue, pageHref, t('kyc.pagination'), t)}
        head={headCells([t('kyc.name'), t('kyc.company'), t('kyc.country'), t('kyc.email'), t('kyc.uploaded'), t('kyc.identities'), t('kyc.actions')])}
      >
        {(item) => (
          <TableRow key={item.profileId} className="align-top" data-testid="kyc-queue-row">
            <TableCell className="font-medium">{item.name}</TableCell>
            <TableCell>{item.companyName ?? '—'}</TableCell>
            <TableCell>{t(`kyc.countries.${item.country}`, { defaultValue: item.country })}</TableCell>
            <TableCell className="break-all">{item.email}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={item.uploadedAt}>{format.dateTime(item.uploadedAt)}</time>
            </TableCell>
            <TableCell>
              <KycIdentities identities={item.identities} missing={item.missing} />
            </TableCell>
            <RowActions>
              {/* A document link, not a client route: a plain anchor that opens the file in a new tab. */}
              <a
                href={item.viewUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-8 items-center gap-1 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                data-testid="kyc-view"
              >
                {t('kyc.view', { type: item.documentType?.toUpperCase() ?? '' })}
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">
                  : {item.name} ({t('kyc.opensInNewTab')})
                </span>
              </a>
              <ApproveKycButton seller={item} />
              <RejectKycDialog seller={item} />
            </RowActions>
          </TableRow>
        )}
      </DataTable>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
