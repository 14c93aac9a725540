// The drawings on /admin/analytics (recharts, imported piece by piece: this chunk loads on the admin
// page only). They render in the browser after hydration; the data tables beside them carry the same
// numbers for screen readers, so the drawings are decorative (no keyboard layer, aria-hidden above).
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Reader } from '~/lib/i18n'
import { formatAmount, formatCompact, formatCount, formatDay, formatDayShort, formatMonth } from './format'

/** Colours from the theme (app.css), so the charts follow it. */
export const CHART_COLORS = {
  primary: 'var(--color-primary)',
  secondary: 'var(--color-muted-foreground)',
  tertiary: 'var(--color-accent-foreground)',
  grid: 'var(--color-border)',
  text: 'var(--color-muted-foreground)',
} as const

const tick = { fill: CHART_COLORS.text, fontSize: 12 }
const tooltipStyle = { contentStyle: { borderRadius: 6, borderColor: 'var(--color-border)', fontSize: 12 } }
// The fixed-height box the chart sits in gives ResponsiveContainer its size; the initial size avoids a zero-size warning.
const INITIAL = { width: 480, height: 256 }

/** Weekly sign-ups, stacked by account type. */
export function SignupsChart({ data, reader, labels }: { data: { week: string; buyers: number; sellers: number }[]; reader: Reader; labels: { buyers: string; sellers: string } }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="week" tick={tick} tickFormatter={(w: string) => formatDayShort(w, reader)} minTickGap={16} />
        <YAxis allowDecimals={false} tick={tick} width={40} tickFormatter={(n: number) => formatCount(n, reader)} />
        <Tooltip {...tooltipStyle} labelFormatter={(w) => formatDay(String(w), reader)} formatter={(v) => formatCount(Number(v), reader)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="buyers" name={labels.buyers} stackId="type" fill={CHART_COLORS.primary} isAnimationActive={false} />
        <Bar dataKey="sellers" name={labels.sellers} stackId="type" fill={CHART_COLORS.secondary} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}

export type BarItem = { key: string; label: string; value: number; /** Shown at the bar's end (a share, say); the count otherwise. */ note?: string; muted?: boolean }

/** Horizontal bars with their labels: breakdowns, funnels and rankings. */
export function BarListChart({ data, reader, valueName }: { data: BarItem[]; reader: Reader; valueName: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 56, bottom: 4, left: 4 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={tick} tickFormatter={(n: number) => formatCount(n, reader)} />
        <YAxis type="category" dataKey="label" tick={tick} width={132} tickFormatter={(s: string) => (s.length > 20 ? `${s.slice(0, 19)}…` : s)} />
        <Tooltip {...tooltipStyle} formatter={(v) => [formatCount(Number(v), reader), valueName]} />
        <Bar dataKey="value" name={valueName} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.muted ? CHART_COLORS.secondary : CHART_COLORS.primary} />
          ))}
          <LabelList dataKey="note" position="right" fill={CHART_COLORS.text} fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  )
}

/** A bar series of monthly amounts: `key` names the exact decimal string in each month's row. */
type MoneySeries = { key: string; name: string; fill: string }

/**
 * Monthly amounts in one currency, a bar per series. The exact decimal strings become numbers here only
 * to size the bars; every figure shown (axis aside) is formatted from the string.
 */
function MonthlyMoneyChart({ data, currency, reader, series }: { data: ({ month: string } & Record<string, string>)[]; currency: string; reader: Reader; series: MoneySeries[] }) {
  const drawn = data.map((d) => ({ ...d, ...Object.fromEntries(series.map((s) => [`${s.key}:value`, Number(d[s.key])])) }))
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <BarChart data={drawn} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="month" tick={tick} tickFormatter={(m: string) => formatMonth(m, reader)} minTickGap={12} />
        <YAxis tick={tick} width={48} tickFormatter={(n: number) => formatCompact(n, reader)} />
        <Tooltip
          {...tooltipStyle}
          labelFormatter={(m) => formatMonth(String(m), reader)}
          formatter={(_v, _n, item) => {
            const s = series.find((x) => `${x.key}:value` === item.dataKey) ?? series[0]!
            return [formatAmount((item.payload as Record<string, string>)[s.key]!, currency, reader), s.name]
          }}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={`${s.key}:value`} name={s.name} fill={s.fill} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}

/** Monthly order value in one currency. */
export function OrderValueChart({ data, currency, reader, valueName }: { data: { month: string; total: string }[]; currency: string; reader: Reader; valueName: string }) {
  return <MonthlyMoneyChart data={data} currency={currency} reader={reader} series={[{ key: 'total', name: valueName, fill: CHART_COLORS.primary }]} />
}

/** "Paid versus due" in one currency: per month of the due date, the amount confirmed beside the amount still owed. */
export function PaidVsDueChart({ data, currency, reader, labels }: { data: { month: string; paid: string; due: string }[]; currency: string; reader: Reader; labels: { paid: string; due: string } }) {
  return (
    <MonthlyMoneyChart
      data={data}
      currency={currency}
      reader={reader}
      series={[
        { key: 'paid', name: labels.paid, fill: CHART_COLORS.primary },
        { key: 'due', name: labels.due, fill: CHART_COLORS.secondary },
      ]}
    />
  )
}
