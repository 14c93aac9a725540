import { Minus, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { formatCount } from '~/lib/i18n'
import { useReader } from '~/lib/reader'
import { readOrderQuantity } from '~/modules/orders'

/** 10^QUANTITY_SCALE: a step is counted in thousandths, whole numbers, so 12.5 + 1 is 13.5 and never 13.499999. */
const THOUSANDTHS = 1000

/**
 * Where a press on − (-1) or + (+1) takes the quantity as typed: one unit down or up (12.5 → 13.5), kept
 * within [min, max]; from a text that is no quantity, the minimum. Only a press moves it: typing is never changed.
 */
export function stepQuantity(text: string, direction: -1 | 1, min: number, max: number): number {
  const n = readOrderQuantity(text)
  const top = Math.max(min, max)
  if (n === null || n < min) return min
  if (n > top) return top
  return Math.min(Math.max((Math.round(n * THOUSANDTHS) + direction * THOUSANDTHS) / THOUSANDTHS, min), top)
}

/**
 * Quantity between the minimum order quantity and the stock: − and + buttons plus a text field that
 * holds exactly what the buyer typed (issue 26 item 4: nothing is clamped or rounded; a quantity out of
 * bounds is refused with `error`, shown under the field). `form` names the form the field is posted
 * with, so what is sent is what the field shows, with or without JavaScript. Disabled when the stock
 * cannot cover the minimum order.
 */
export function QuantityStepper({
  id,
  value,
  min,
  max,
  unit,
  form,
  error = null,
  disabled = false,
  onChange,
  onBlur,
}: {
  id: string
  /** The text in the field, as typed. */
  value: string
  min: number
  max: number
  /** The unit's symbol, translated ("t", "kg"). */
  unit: string
  form?: string
  /** The translated refusal of this quantity, or null. */
  error?: string | null
  disabled?: boolean
  onChange: (value: string) => void
  onBlur?: () => void
}) {
  const { t } = useTranslation('catalog')
  const reader = useReader()
  const n = readOrderQuantity(value)
  const top = Math.max(min, max)
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('product.quantity.label')}</Label>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('product.quantity.decrease')}
          aria-controls={id}
          disabled={disabled || (n !== null && n <= min)}
          onClick={() => onChange(String(stepQuantity(value, -1, min, max)))}
        >
          <Minus aria-hidden />
        </Button>
        <Input
          id={id}
          name="quantity"
          form={form}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          className="w-28 text-center"
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('product.quantity.increase')}
          aria-controls={id}
          disabled={disabled || (n !== null && n >= top)}
          onClick={() => onChange(String(stepQuantity(value, 1, min, max)))}
        >
          <Plus aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="quantity-error">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('product.quantity.hint', { min: formatCount(min, reader), max: formatCount(top, reader), unit })}
      </p>
    </div>
  )
}
