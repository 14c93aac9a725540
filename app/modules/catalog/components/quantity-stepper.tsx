import { Minus, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** Clamps a typed quantity into [min, max]; non-numbers become min. */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min
  return Math.min(Math.max(Math.trunc(value), min), Math.max(min, max))
}

/**
 * Quantity between the minimum order quantity and the stock: − and + buttons plus a number field that
 * is clamped when it loses focus. Disabled when the stock cannot cover the minimum order.
 */
export function QuantityStepper({
  id,
  value,
  min,
  max,
  disabled = false,
  onChange,
}: {
  id: string
  value: number
  min: number
  max: number
  disabled?: boolean
  onChange: (value: number) => void
}) {
  const { t } = useTranslation('catalog')
  const [draft, setDraft] = useState(String(value))
  const [shown, setShown] = useState(value)
  // Keep the text in step when the value changes from outside (buttons, clamping).
  if (shown !== value) {
    setShown(value)
    setDraft(String(value))
  }
  const commit = (text: string) => {
    const next = clampQuantity(Number.parseInt(text, 10), min, max)
    setDraft(String(next))
    if (next !== value) onChange(next)
  }
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
          disabled={disabled || value <= min}
          onClick={() => onChange(clampQuantity(value - 1, min, max))}
        >
          <Minus aria-hidden />
        </Button>
        <Input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={min}
          max={Math.max(min, max)}
          step={1}
          value={draft}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="w-28 text-center"
          onChange={(e) => {
            setDraft(e.target.value)
            const n = Number.parseInt(e.target.value, 10)
            if (Number.isFinite(n) && n >= min && n <= max && n !== value) onChange(n)
          }}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit(e.currentTarget.value)
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('product.quantity.increase')}
          aria-controls={id}
          disabled={disabled || value >= max}
          onClick={() => onChange(clampQuantity(value + 1, min, max))}
        >
          <Plus aria-hidden />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('product.quantity.hint', { min, max: Math.max(min, max) })}
      </p>
    </div>
  )
}
