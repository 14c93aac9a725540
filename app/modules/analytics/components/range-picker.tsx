import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { cn } from '~/lib/utils'
import { MAX_YEAR, MIN_YEAR, rangeQuery, type DateRange, type RangePreset } from '../schemas'

/** The date-range picker: two dates (a GET form, so the range is in the address and shareable) and the presets. */
export function RangePicker({ range, preset, presets, invalid }: { range: DateRange; preset: RangePreset | null; presets: { preset: RangePreset; range: DateRange }[]; invalid: boolean }) {
  const { t } = useTranslation('adminAnalytics')
  return (
    <div className="mt-6 flex flex-wrap items-end gap-x-6 gap-y-4 rounded-lg border bg-background p-4">
      <Form method="get" action="/admin/analytics" className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-from">{t('range.from')}</Label>
          <Input
            id="analytics-from"
            name="from"
            type="date"
            required
            min={`${MIN_YEAR}-01-01`}
            max={`${MAX_YEAR}-12-31`}
            defaultValue={range.from}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'analytics-range-error' : undefined}
            className="w-44"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-to">{t('range.to')}</Label>
          <Input
            id="analytics-to"
            name="to"
            type="date"
            required
            min={`${MIN_YEAR}-01-01`}
            max={`${MAX_YEAR}-12-31`}
            defaultValue={range.to}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'analytics-range-error' : undefined}
            className="w-44"
          />
        </div>
        <Button type="submit">{t('range.apply')}</Button>
      </Form>
      <nav aria-label={t('range.presets')}>
        <ul className="flex flex-wrap gap-2">
          {presets.map((p) => (
            <li key={p.preset}>
              <Link
                to={`/admin/analytics?${rangeQuery(p.range)}`}
                aria-current={preset === p.preset ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-9 items-center rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                  preset === p.preset && 'border-primary bg-primary/10 text-primary',
                )}
              >
                {t(`range.preset.${p.preset}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
