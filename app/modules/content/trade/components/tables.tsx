import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { cn } from '~/lib/utils'
import type { DocRow } from '../content'
import { INCOTERMS, PAYMENT_METHODS, TRANSPORT_MODES, type RiskLevel } from '../data'

type Column<R> = {
  key: string
  header: string
  cell: (row: R) => React.ReactNode
  /** The column that names the row: rendered as <th scope="row">. */
  rowHeader?: boolean
  className?: string
}

/** A responsive table: scrolls sideways on narrow screens instead of squeezing its columns. */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  minWidth = 'min-w-[40rem]',
  testId,
}: {
  caption: string
  columns: Column<R>[]
  rows: readonly R[]
  rowKey: (row: R, index: number) => string
  minWidth?: string
  testId?: string
}) {
  return (
    // Focusable so keyboard users can scroll a table that is wider than the screen (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
    <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={caption}>
      <table className={cn('w-full text-left text-sm', minWidth)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((col) => (
              <th key={col.key} scope="col" className="px-4 py-2.5 font-semibold">
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className="align-top">
              {columns.map((col) =>
                col.rowHeader ? (
                  <th key={col.key} scope="row" className={cn('px-4 py-3 font-semibold', col.className)}>
                    {col.cell(row)}
                  </th>
                ) : (
                  <td key={col.key} className={cn('px-4 py-3 leading-6', col.className)}>
                    {col.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const RISK_VARIANT = { low: 'success', medium: 'warning', high: 'destructive' } as const

/** A risk level as text in a coloured badge (the colour is never the only signal). */
export function RiskBadge({ level }: { level: RiskLevel }) {
  const { t } = useTranslation('trade')
  return <Badge variant={RISK_VARIANT[level]}>{t(`levels.${level}`)}</Badge>
}

/** Sea, rail and air compared; `compact` keeps only mode, route and transit time. */
export function RoutesTable({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('trade')
  const m = (mode: string, field: string) => t(`routes.modes.${mode}.${field}`)
  const columns: Column<(typeof TRANSPORT_MODES)[number]>[] = [
    { key: 'mode', header: t('routes.columns.mode'), cell: (mode) => m(mode, 'name'), rowHeader: true },
    { key: 'route', header: t('routes.columns.route'), cell: (mode) => m(mode, 'route') },
    ...(compact ? [] : [{ key: 'hubs', header: t('routes.columns.hubs'), cell: (mode: string) => m(mode, 'hubs') }]),
    {
      key: 'transit',
      header: t('routes.columns.transit'),
      cell: (mode) => m(mode, 'transit'),
      className: 'whitespace-nowrap font-semibold text-foreground',
    },
    ...(compact
      ? []
      : [
          { key: 'document', header: t('routes.columns.document'), cell: (mode: string) => m(mode, 'document') },
          {
            key: 'bestFor',
            header: t('routes.columns.bestFor'),
            cell: (mode: string) => m(mode, 'bestFor'),
            className: 'text-muted-foreground',
          },
        ]),
  ]
  return (
    <DataTable
      caption={t('routes.caption')}
      columns={columns}
      rows={TRANSPORT_MODES}
      rowKey={(mode) => mode}
      minWidth={compact ? 'min-w-[36rem]' : 'min-w-[64rem]'}
      testId="trade-routes"
    />
  )
}

/** The seven Incoterms 2020 rules most used in India–Russia trade, with who does what. */
export function IncotermsTable() {
  const { t } = useTranslation('trade')
  const party = (p: string) => t(`parties.${p}`)
  return (
    <DataTable
      caption={t('incoterms.caption')}
      rows={INCOTERMS}
      rowKey={(rule) => rule.code}
      minWidth="min-w-[64rem]"
      testId="trade-incoterms"
      columns={[
        {
          key: 'rule',
          header: t('incoterms.columns.rule'),
          rowHeader: true,
          cell: (rule) => (
            <>
              <span className="block font-mono text-base">{rule.code}</span>
              <span className="block font-normal text-muted-foreground">{t(`incoterms.rules.${rule.code}.name`)}</span>
            </>
          ),
        },
        { key: 'modes', header: t('incoterms.columns.modes'), cell: (rule) => t(`incoterms.modes.${rule.modes}`) },
        { key: 'export', header: t('incoterms.columns.exportClearance'), cell: (rule) => party(rule.exportClearance) },
        { key: 'carriage', header: t('incoterms.columns.carriage'), cell: (rule) => party(rule.carriage) },
        { key: 'insurance', header: t('incoterms.columns.insurance'), cell: (rule) => t(`incoterms.insurance.${rule.insurance}`) },
        { key: 'import', header: t('incoterms.columns.importClearance'), cell: (rule) => party(rule.importClearance) },
        { key: 'risk', header: t('incoterms.columns.risk'), cell: (rule) => t(`incoterms.rules.${rule.code}.risk`) },
      ]}
    />
  )
}

/** Payment methods side by side: risk for each party, cost, speed and when each fits. */
export function PaymentMethodsTable() {
  const { t } = useTranslation('trade')
  const f = (key: string, field: string) => t(`payments.methods.${key}.${field}`)
  return (
    <DataTable
      caption={t('payments.caption')}
      rows={PAYMENT_METHODS}
      rowKey={(method) => method.key}
      minWidth="min-w-[60rem]"
      testId="trade-payment-methods"
      columns={[
        { key: 'method', header: t('payments.columns.method'), cell: (m) => f(m.key, 'name'), rowHeader: true },
        { key: 'buyerRisk', header: t('payments.columns.buyerRisk'), cell: (m) => <RiskBadge level={m.buyerRisk} /> },
        { key: 'sellerRisk', header: t('payments.columns.sellerRisk'), cell: (m) => <RiskBadge level={m.sellerRisk} /> },
        { key: 'cost', header: t('payments.columns.cost'), cell: (m) => f(m.key, 'cost') },
        { key: 'speed', header: t('payments.columns.speed'), cell: (m) => f(m.key, 'speed') },
        { key: 'fits', header: t('payments.columns.fits'), cell: (m) => f(m.key, 'fits'), className: 'text-muted-foreground' },
      ]}
    />
  )
}

/** One table of the documentation checklist. */
export function DocumentTable({ caption, rows }: { caption: string; rows: DocRow[] }) {
  const { t } = useTranslation('trade')
  return (
    <DataTable
      caption={caption}
      rows={rows}
      rowKey={(row, i) => `${i}-${row.document}`}
      minWidth="min-w-[52rem]"
      columns={[
        { key: 'document', header: t('documentation.columns.document'), cell: (r) => r.document, rowHeader: true, className: 'w-1/4' },
        { key: 'issuer', header: t('documentation.columns.issuer'), cell: (r) => r.issuer, className: 'w-1/5' },
        { key: 'needed', header: t('documentation.columns.needed'), cell: (r) => r.needed, className: 'w-1/5' },
        { key: 'notes', header: t('documentation.columns.notes'), cell: (r) => r.notes, className: 'text-muted-foreground' },
      ]}
    />
  )
}
