// The User Management page's filter card, badges and the 'All Users (n)' table with its pages.
import { Eye } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import { useFormat } from '~/lib/use-format'
import { ACCOUNT_STATUSES, KYC_FILTER_STATUSES, USERS_COUNT_CAP, USERS_SEARCH_MAX, userListSearch } from '../user-schemas'
import type { UserPageDto, UserRowDto } from '../users.server'
import { listPager } from './list-pager'
import { headCells } from './table-parts'
import { FilterSelect } from './filter-select'
import { DataTable } from '~/components/data-table'
import { TableCell, TableRow } from '~/components/ui/table'

/** The list's filters as the page shows them (empty string: all). */
export type UserFilterView = { q: string; status: string; kyc: string; page: number }

const STATUS_VARIANT = { active: 'success', suspended: 'warning', banned: 'destructive' } as const
const KYC_VARIANT = { Pending: 'warning', Approved: 'success', Rejected: 'destructive' } as const

export function AccountStatusBadge({ status }: { status: UserRowDto['accountStatus'] }) {
  const { t } = useTranslation('adminUsers')
  return <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>
}

export function KycStatusBadge({ status }: { status: UserRowDto['kycStatus'] }) {
  const { t } = useTranslation('adminUsers')
  if (!status) return <Badge variant="outline">{t('kyc.none')}</Badge>
  return <Badge variant={KYC_VARIANT[status]}>{t(`kyc.${status}`)}</Badge>
}


/** The filter card: a GET form, so a filtered view is a link and works without JavaScript. */
export function UserFilters({ filter }: { filter: UserFilterView }) {
  const { t } = useTranslation('adminUsers')
  const filtered = Boolean(filter.q || filter.status || filter.kyc)
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-semibold">{t('filters.title')}</h2>
      </CardHeader>
      <CardContent>
        <Form method="get" action="/admin/users" role="search" className="flex flex-wrap items-end gap-4" data-testid="user-filters">
          <div className="flex min-w-60 flex-1 flex-col gap-1.5">
            <Label htmlFor="users-q">{t('filters.search')}</Label>
            <Input id="users-q" name="q" type="search" defaultValue={filter.q} maxLength={USERS_SEARCH_MAX} placeholder={t('filters.searchPlaceholder')} />
          </div>
          <FilterSelect id="users-status" name="status" label={t('filters.status')} value={filter.status} all={t('filters.allStatus')} options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          <FilterSelect id="users-kyc" name="kyc" label={t('filters.kyc')} value={filter.kyc} all={t('filters.allKyc')} options={KYC_FILTER_STATUSES.map((s) => ({ value: s, label: t(`kyc.${s}`) }))} />
          <Button type="submit">{t('filters.apply')}</Button>
          {filtered ? (
            <Link to="/admin/users" className="py-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('filters.reset')}
            </Link>
          ) : null}
        </Form>
      </CardContent>
    </Card>
  )
}

/** The 'All Users (n)' card: the table (server-paginated), its count, empty state and page links. */
export function UserTable({ page, filter }: { page: UserPageDto; filter: UserFilterView }) {
  const { t } = useTranslation('adminUsers')
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/users'
  const format = useFormat()
  const count = page.totalCapped ? t('table.countCapped', { count: format.count(USERS_COUNT_CAP) }) : format.count(page.total)
  const pageHref = (n: number) => `/admin/users${userListSearch({ ...filter, page: n })}`
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <h2 className="text-lg font-semibold" data-testid="users-count">
          {t('table.title', { count })}
        </h2>
        {loading ? <Spinner className="size-4" label={t('table.loading')} /> : null}
      </CardHeader>
      <CardContent>
        {page.totalCapped ? <p className="mb-3 text-sm text-muted-foreground">{t('table.cappedHint', { count: format.count(USERS_COUNT_CAP) })}</p> : null}
        <DataTable
          rows={page.users}
          label={t('table.label')}
          empty={t('table.empty')}
          testId="users-table"
          emptyTestId="users-empty"
          pager={listPager(page, pageHref, t('table.pagination'), t, 'table', page.totalCapped ? 'table.pageCapped' : 'table.page')}
          head={headCells([t('table.user'), t('table.type'), t('table.country'), t('table.accountStatus'), t('table.kycStatus'), t('table.joined'), t('table.actions')])}
        >
          {(u) => (
            <TableRow key={u.profileId} className="align-top" data-testid="user-row">
              <TableCell>
                <p className="font-medium">{u.name}</p>
                <p className="break-all text-muted-foreground">{u.email}</p>
                {u.companyName ? <p className="text-muted-foreground">{u.companyName}</p> : null}
              </TableCell>
              <TableCell>{t(`types.${u.userType}`)}</TableCell>
              <TableCell>{t(`countries.${u.country}`)}</TableCell>
              <TableCell>
                <AccountStatusBadge status={u.accountStatus} />
              </TableCell>
              <TableCell>
                <KycStatusBadge status={u.kycStatus} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={u.createdAt}>{format.date(u.createdAt)}</time>
              </TableCell>
              <TableCell>
                <Button asChild size="sm" variant="outline">
                  <Link id={`user-view-${u.profileId}`} to={`/admin/users${userListSearch(filter, u.profileId)}`} preventScrollReset data-testid="user-view">
                    <Eye aria-hidden />
                    {t('table.view')}
                    <span className="sr-only">: {u.name}</span>
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          )}
        </DataTable>
      </CardContent>
    </Card>
  )
}
