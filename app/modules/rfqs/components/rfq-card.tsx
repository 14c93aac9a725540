import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { ApproximateFigure } from '~/components/converted-amount'
import { Detail } from '~/components/detail-list'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { convertForReader } from '~/lib/conversion'
import { formatMoney } from '~/lib/i18n'
import { useReaderRates } from '~/lib/reader'
import { useFormat } from '~/lib/use-format'

/** What an RFQ card shows of an RFQ, on the buyer's list and on the sellers' board alike. */
export type RfqCardFields = {
  title: string
  createdAt: string
  categoryName: string | null
  currency: string
  budgetMin: string | null
  budgetMax: string | null
  deadline: string | null
  incoterm: string | null
  incotermPlace: string | null
}

/**
 * An RFQ as a card: above the title an optional `eyebrow`, the title (h2 on the buyer's own page, h3 under
 * the board's heading), "Created … · category" and `meta` after it, the `badge` on the right; then the body.
 */
export function RfqCard({
  rfq,
  heading: Heading,
  testId,
  eyebrow,
  meta,
  badge,
  children,
}: {
  rfq: RfqCardFields
  heading: 'h2' | 'h3'
  testId: string
  eyebrow?: React.ReactNode
  meta?: React.ReactNode
  badge: React.ReactNode
  children: React.ReactNode
}) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {eyebrow}
          <Heading className="text-lg font-semibold break-words">{rfq.title}</Heading>
          <p className="text-sm text-muted-foreground">
            {t('list.created', { date: format.date(rfq.createdAt) })}
            {rfq.categoryName ? ` · ${rfq.categoryName}` : ''}
            {meta}
          </p>
        </div>
        {badge}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  )
}

/**
 * The budget in the reader's currency at today's rate ("≈ ₹4,22,437.50 to ₹6,75,900.00"), the rate on
 * hover and focus as every live conversion; nothing when it is in the reader's currency or no fresh rate is known.
 */
function ConvertedBudget({ rfq }: { rfq: RfqCardFields }) {
  const { t } = useTranslation(['rfqs', 'common'])
  const format = useFormat()
  const rates = useReaderRates()
  const [min, max] = [rfq.budgetMin, rfq.budgetMax].map((v) => (v ? convertForReader(v, rfq.currency, rates) : null))
  const used = min ?? max
  if (!used) return null
  const fmt = (v: typeof used) => formatMoney(v.amount, v.currency, format.reader)
  const text = min && max ? t('list.budgetRange', { min: fmt(min), max: fmt(max) }) : min ? t('list.budgetFrom', { min: fmt(min) }) : t('list.budgetUpTo', { max: fmt(used) })
  const note = t('common:currency.rateOf', { from: rfq.currency, to: used.currency, date: used.rate.dateText, source: used.rate.source })
  return <ApproximateFigure text={`≈ ${text}`} note={note} className="block text-xs" testId="converted-budget" />
}

/** An RFQ's own terms as DetailList rows: the budget (and its figure in the reader's currency), the deadline and the Incoterm. */
export function RfqTermDetails({ rfq }: { rfq: RfqCardFields }) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const fmt = (v: string) => format.money(v, rfq.currency)
  const budget =
    rfq.budgetMin && rfq.budgetMax
      ? t('list.budgetRange', { min: fmt(rfq.budgetMin), max: fmt(rfq.budgetMax) })
      : rfq.budgetMin
        ? t('list.budgetFrom', { min: fmt(rfq.budgetMin) })
        : rfq.budgetMax
          ? t('list.budgetUpTo', { max: fmt(rfq.budgetMax) })
          : t('list.budgetOpen')
  return (
    <>
      <Detail label={t('list.budget')}>
        {budget}
        <ConvertedBudget rfq={rfq} />
      </Detail>
      <Detail label={t('list.deadline')}>{rfq.deadline ? format.date(`${rfq.deadline}T00:00:00Z`) : t('list.noDeadline')}</Detail>
      <Detail label={t('list.incoterm')}>{rfq.incoterm ? `${rfq.incoterm} ${rfq.incotermPlace ?? ''}`.trim() : t('list.noIncoterm')}</Detail>
    </>
  )
}
