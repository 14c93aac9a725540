import { useTranslation } from 'react-i18next'
import { SelectOptions } from '~/components/form-fields'
import type { CategoryOptionDto } from '~/modules/catalog'

/**
 * A category select's options for RFQs: `anyLabel` (no category), then each category as a group of
 * "All of <category>" and its subcategories. The RFQ form and the seller's RFQ board filter share it.
 */
export function CategoryOptions({ categories, anyLabel }: { categories: readonly CategoryOptionDto[]; anyLabel: string }) {
  const { t } = useTranslation('rfqs')
  return (
    <>
      <option value="">{anyLabel}</option>
      {categories.map((c) => (
        <optgroup key={c.id} label={c.name}>
          <option value={c.id}>{t('form.allOf', { name: c.name })}</option>
          <SelectOptions options={c.children.map((s) => ({ value: s.id, label: s.name }))} />
        </optgroup>
      ))}
    </>
  )
}
