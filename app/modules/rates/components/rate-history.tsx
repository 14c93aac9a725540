import { useTranslation } from 'react-i18next'
import { DataTable } from '~/components/data-table'
import { TableCell, TableHead, TableRow } from '~/components/ui/table'
import { useFormat } from '~/lib/use-format'
import { trimDecimal } from '~/lib/decimal'
import type { RatePageDto } from '../schemas'

/** The rates entered so far, newest entry first, paged. */
export function RateHistory({ page }: { page: RatePageDto }) {
  const { t } = useTranslation('adminRates')
  const format = useFormat()
  return (
    <DataTable
      label={t('history.title')}
      rows={page.rates}
      empty={t('history.empty')}
      className="mt-3 bg-background"
      emptyClassName="mt-3 bg-background"
      testId="rates-table"
      head={
        <>
          <TableHead>{t('history.effectiveDate')}</TableHead>
          <TableHead>{t('history.pair')}</TableHead>
          <TableHead className="text-right">{t('history.rate')}</TableHead>
          <TableHead>{t('history.source')}</TableHead>
          <TableHead>{t('history.enteredBy')}</TableHead>
          <TableHead>{t('history.enteredAt')}</TableHead>
        </>
      }
      pager={{
        page: page.page,
        pageCount: page.pageCount,
        href: (n) => (n > 1 ? `/admin/rates?page=${n}` : '/admin/rates'),
        label: t('history.pagination'),
        previous: t('history.previous'),
        next: t('history.next'),
        position: t('history.page', { page: page.page, pageCount: page.pageCount }),
      }}
    >
      {(r) => (
        <TableRow key={r.id} className="align-top" data-testid="rate-row">
          <TableCell className="whitespace-nowrap">
            <time dateTime={r.effectiveDate}>{format.date(r.effectiveDate)}</time>
          </TableCell>
          {/* Currency codes read the same in every language. */}
          <TableCell className="whitespace-nowrap">{`1 ${r.from} → ${r.to}`}</TableCell>
          <TableCell className="text-right font-mono whitespace-nowrap">{trimDecimal(r.rate)}</TableCell>
          <TableCell className="break-words">{r.source}</TableCell>
          <TableCell>
            {r.adminName ? `${r.adminName} (${r.adminEmail})` : t(`history.origins.${r.origin}`)}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <time dateTime={r.createdAt}>{format.dateTime(r.createdAt)}</time>
          </TableCell>
        </TableRow>
      )}
    </DataTable>
  )
}
