import { Download, Table2 } from 'lucide-react'
import { Suspense, useId, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SectionHeading } from '~/components/page-bands'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table'
import { cn } from '~/lib/utils'

const noop = () => () => {}
/** False while rendering on the server and hydrating, true afterwards (charts measure the page, so they draw only in the browser). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
}

type ChartCardProps = {
  id: string
  title: string
  description: string
  downloadHref: string
  /** Nothing to draw in this range: the card says so instead of an empty chart. */
  empty: boolean
  /** The drawing (recharts); rendered only after hydration, hidden from screen readers (the table carries the numbers). */
  chart: ReactNode
  /** The same numbers as a table: what screen readers read, the server-rendered fallback, and on demand for everyone. */
  table: ReactNode
  /** Figures shown above the chart (totals, rates). */
  summary?: ReactNode
  className?: string
  /** The drawing's box: a fixed height by default (ResponsiveContainer sizes itself to it); a grid for several small charts. */
  chartClassName?: string
}

/** One analytics chart: title, description, Download CSV, the chart and its data table. */
export function ChartCard({ id, title, description, downloadHref, empty, chart, table, summary, className, chartClassName = 'h-64' }: ChartCardProps) {
  const { t } = useTranslation('adminAnalytics')
  const hydrated = useHydrated()
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  const tableId = useId()
  // Before hydration the table is the chart; afterwards it is visible on demand and always read by screen readers.
  const tableVisible = !empty && (!hydrated || showTable)
  return (
    <Card className={cn('flex min-w-0 flex-col', className)}>
      <section aria-labelledby={titleId} data-testid={`chart-${id}`} className="flex flex-1 flex-col gap-4 p-6">
        <SectionHeading
          id={titleId}
          size="card"
          title={title}
          description={description}
          action={
            <a
              href={downloadHref}
              download
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              data-testid={`download-${id}`}
            >
              <Download className="size-4" aria-hidden />
              {t('downloadCsv')}
              <span className="sr-only">: {title}</span>
            </a>
          }
        />
        {summary}
        {empty ? <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('empty')}</p> : null}
        {hydrated && !empty ? (
          <div className={cn('w-full min-w-0', chartClassName)} aria-hidden="true" data-testid={`drawing-${id}`}>
            <Suspense fallback={<div className="size-full animate-pulse rounded-md bg-muted" />}>{chart}</Suspense>
          </div>
        ) : null}
        {hydrated && !empty ? (
          <div>
            <Button type="button" variant="outline" size="sm" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
              <Table2 aria-hidden />
              {showTable ? t('hideTable') : t('showTable')}
            </Button>
          </div>
        ) : null}
        <div id={tableId} className={tableVisible ? 'overflow-x-auto' : 'sr-only'} data-testid={`table-${id}`}>
          {table}
        </div>
      </section>
    </Card>
  )
}

/** A plain data table for a chart card (its box in ChartCard scrolls it). */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: { label: string; numeric?: boolean }[]; rows: { key: string; cells: ReactNode[]; lang?: string }[] }) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.label} className={cn(c.numeric && 'text-right')}>
              {c.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <TableHead key={i} scope="row" className="py-1.5 font-normal" lang={row.lang}>
                  {cell}
                </TableHead>
              ) : (
                <TableCell key={i} className={cn('py-1.5 whitespace-nowrap', columns[i]?.numeric && 'text-right tabular-nums')}>
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
