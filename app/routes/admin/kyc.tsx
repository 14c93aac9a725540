import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/kyc'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { decideKyc } from '~/modules/admin/commands.server'
import { AdminErrorBoundary } from '~/modules/admin/components/admin-error-boundary'
import { AdminShell } from '~/modules/admin/components/admin-shell'
import { ApproveKycButton, RejectKycDialog } from '~/modules/admin/components/kyc-review-actions'
import { listKycQueue } from '~/modules/admin/queries.server'
import { parseKycDecision, parseKycQueuePage, type KycDecisionFieldErrors } from '~/modules/admin/schemas'
import { adminHeader, requireAdmin, safeAdminRedirect } from '~/modules/admin/session.server'
import { AdminPager } from '~/modules/admin/components/admin-pager'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'kyc:review')
  const [queue, i18n] = await Promise.all([listKycQueue(parseKycQueuePage(new URL(request.url))), getI18n(request, context)])
  // The page carries signed links: never keep it in a cache.
  return data(
    { admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('admin:meta.kyc'), queue },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

type ActionData = { fieldErrors?: KycDecisionFieldErrors; formError?: string }

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, 'kyc:review')
  const form = await readForm(request)
  const parsed = parseKycDecision(form)
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const result = await decideKyc(admin, request, parsed.value)
  if (!result.ok) {
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
      {queue.items.length === 0 ? (
        <p className="mt-6 rounded-md border bg-background p-6 text-center text-muted-foreground" data-testid="kyc-queue-empty">
          {t('kyc.empty')}
        </p>
      ) : (
        // Focusable so keyboard users can scroll a table wider than the screen (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
        <div className="mt-6 overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-label={t('kyc.tableLabel')}>
          <table className="w-full text-left text-sm" data-testid="kyc-queue">
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('kyc.name')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('kyc.company')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('kyc.country')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('kyc.email')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('kyc.uploaded')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('kyc.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.map((item) => (
                <tr key={item.profileId} className="border-b last:border-0 align-top" data-testid="kyc-queue-row">
                  <td className="px-3 py-2 font-medium">{item.name}</td>
                  <td className="px-3 py-2">{item.companyName ?? '—'}</td>
                  <td className="px-3 py-2">{t(`kyc.countries.${item.country}`, { defaultValue: item.country })}</td>
                  <td className="px-3 py-2 break-all">{item.email}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={item.uploadedAt}>{format.dateTime(item.uploadedAt)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-start gap-2">
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
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager
        page={queue.page}
        pageCount={queue.pageCount}
        href={pageHref}
        label={t('kyc.pagination')}
        previous={t('audit.previous')}
        next={t('audit.next')}
        position={t('audit.page', { page: queue.page, pageCount: queue.pageCount })}
      />
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
