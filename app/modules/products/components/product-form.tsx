import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { SelectField, TextareaField, TextField } from '~/components/form-fields'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormSection } from '~/components/form-section'
import { useCheckedForm } from '~/components/use-checked-form'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import { LANGUAGE_NAMES } from '~/lib/i18n'
import type { CategoryOptionDto } from '~/modules/catalog'
import type { CountryOptionDto, EditableProductDto } from '../products.server'
import { ProductImagesField } from './product-images-field'
import { QUANTITY_UNITS, CATALOG_CURRENCIES, type LanguageCode, LANGUAGES, SHIPPING_METHODS } from '~/domain'
import {
  LONG_DESCRIPTION_MAX,
  NAME_MAX,
  parseProductForm,
  SHIPPING_OPTIONS_MAX,
  SHORT_DESCRIPTION_MAX,
  SKU_MAX,
  SLUG_MAX,
  slugFromName,
  SPEC_NAME_MAX,
  SPEC_ROWS_MAX,
  SPEC_VALUE_MAX,
  type ProductFieldErrors,
} from '../schemas'

export type ProductFormAnswer = { fieldErrors?: ProductFieldErrors; formError?: string }


type SpecRow = { key: number; name: string; value: string }
type ShipRow = { key: number; method: string; price: string; currency: string; estimatedDays: string }
let rowKey = 0

function TranslationFields({ lng, initial, errors }: { lng: LanguageCode; initial?: EditableProductDto['translations'][LanguageCode]; errors: Partial<ProductFieldErrors> }) {
  const { t } = useTranslation('products')
  const [name, setName] = useState(initial?.name ?? '')
  const [slug, setSlug] = useState(initial?.slug ?? '')
  const [slugEdited, setSlugEdited] = useState(Boolean(initial?.slug))
  const [specs, setSpecs] = useState<SpecRow[]>(() => (initial?.specifications ?? []).map((s) => ({ key: rowKey++, ...s })))
  const id = (f: string) => `product-${lng}-${f}`
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border p-4" lang={lng}>
      <legend className="px-1 font-semibold">{t('form.translationLegend', { language: LANGUAGE_NAMES[lng] })}</legend>
      <TextField
        id={id('name')}
        label={t('form.name')}
        error={errors[`${lng}.name`]}
        name={`${lng}.name`}
        value={name}
        maxLength={NAME_MAX}
        onChange={(e) => {
          setName(e.target.value)
          if (!slugEdited) setSlug(slugFromName(e.target.value))
        }}
      />
      <TextField
        id={id('slug')}
        label={t('form.slug')}
        error={errors[`${lng}.slug`]}
        hint={t('form.slugHint')}
        name={`${lng}.slug`}
        value={slug}
        maxLength={SLUG_MAX}
        onChange={(e) => {
          setSlug(e.target.value)
          setSlugEdited(e.target.value !== '')
        }}
      />
      <TextareaField id={id('description')} label={t('form.description')} error={errors[`${lng}.description`]} name={`${lng}.description`} defaultValue={initial?.description ?? ''} maxLength={SHORT_DESCRIPTION_MAX} rows={2} />
      <TextareaField
        id={id('longDescription')}
        label={t('form.longDescription')}
        error={errors[`${lng}.longDescription`]}
        name={`${lng}.longDescription`}
        defaultValue={initial?.longDescription ?? ''}
        maxLength={LONG_DESCRIPTION_MAX}
        rows={5}
      />
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">{t('form.specifications')}</p>
        {specs.map((row, i) => (
          <div key={row.key} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <TextField id={id(`specName-${i}`)} label={t('form.specName', { n: i + 1 })} error={errors[`${lng}.specName.${i}`]} name={`${lng}.specName`} defaultValue={row.name} maxLength={SPEC_NAME_MAX} />
            <TextField id={id(`specValue-${i}`)} label={t('form.specValue', { n: i + 1 })} error={errors[`${lng}.specValue.${i}`]} name={`${lng}.specValue`} defaultValue={row.value} maxLength={SPEC_VALUE_MAX} />
            <Button type="button" variant="ghost" size="sm" onClick={() => setSpecs((rows) => rows.filter((r) => r.key !== row.key))}>
              <Trash2 className="size-4" aria-hidden />
              <span className="sr-only">{t('form.removeSpec', { n: i + 1 })}</span>
            </Button>
          </div>
        ))}
        {specs.length < SPEC_ROWS_MAX ? (
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setSpecs((rows) => [...rows, { key: rowKey++, name: '', value: '' }])}>
            <Plus className="size-4" aria-hidden />
            {t('form.addSpec')}
          </Button>
        ) : null}
      </div>
    </fieldset>
  )
}

/** The create and edit form (spec §5 Product form). The same schema checks it here before submit and in the action. */
export function ProductForm({
  categories,
  countries,
  initial,
  answer,
  submitLabel,
  submittingLabel,
}: {
  categories: CategoryOptionDto[]
  /** Named on the server (originCountryOptions): the same text before and after hydration. */
  countries: CountryOptionDto[]
  initial?: EditableProductDto
  answer?: ProductFormAnswer
  submitLabel: string
  submittingLabel: string
}) {
  const { t } = useTranslation('products')
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const { formRef, errors, formProps } = useCheckedForm((form) => parseProductForm(form.entries()), answer?.fieldErrors)
  const [categoryId, setCategoryId] = useState(initial?.categoryId ?? '')
  const subcategories = useMemo(() => categories.find((c) => c.id === categoryId)?.children ?? [], [categories, categoryId])
  const [shipping, setShipping] = useState<ShipRow[]>(() => (initial?.shippingOptions ?? []).map((s) => ({ key: rowKey++, ...s })))
  const initialSnapshot = useRef<string | null>(null)
  const [changed, setChanged] = useState(!initial)
  const [imagesBusy, setImagesBusy] = useState(false)

  const snapshot = () => (formRef.current ? JSON.stringify([...new FormData(formRef.current).entries()]) : '')
  useEffect(() => {
    if (initial) initialSnapshot.current = snapshot()
  }, [initial])

  const id = (f: string) => `product-${f}`
  return (
    <Form
      {...formProps}
      className="flex flex-col gap-6"
      onInput={() => initial && setChanged(snapshot() !== initialSnapshot.current)}
      onChange={() => initial && setChanged(snapshot() !== initialSnapshot.current)}
    >
      {answer?.formError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t(answer.formError)}</AlertDescription>
        </Alert>
      ) : null}
      {errors.form ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t(errors.form)}</AlertDescription>
        </Alert>
      ) : null}
      <FormSection title={t('form.basics')} className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={id('category')}
          label={t('form.category')}
          error={errors.categoryId}
          name="categoryId"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          placeholder={t('form.chooseCategory')}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          id={id('subcategory')}
          label={t('form.subcategory')}
          error={errors.subcategoryId}
          name="subcategoryId"
          defaultValue={initial?.subcategoryId ?? ''}
          key={categoryId}
          disabled={subcategories.length === 0}
          placeholder={t('form.noSubcategory')}
          options={subcategories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <div className="grid grid-cols-[2fr_1fr] gap-2">
          <TextField id={id('price')} label={t('form.price')} error={errors.price} name="price" inputMode="decimal" defaultValue={initial?.price ?? ''} maxLength={16} />
          <SelectField id={id('currency')} label={t('form.currency')} error={errors.currency} name="currency" defaultValue={initial?.currency ?? 'USD'} options={CATALOG_CURRENCIES} />
        </div>
        <SelectField
          id={id('unit')}
          label={t('form.unit')}
          hint={t('form.unitHint')}
          error={errors.unit}
          name="unit"
          required
          defaultValue={initial?.unit ?? ''}
          placeholder={t('form.chooseUnit')}
          options={QUANTITY_UNITS}
          optionLabel={(unit) => `${t(`units:name.${unit}`, { count: 1 })} (${t(`units:short.${unit}`)})`}
        />
        <TextField id={id('sku')} label={t('form.sku')} error={errors.sku} hint={t('form.skuHint')} name="sku" defaultValue={initial?.sku ?? ''} maxLength={SKU_MAX} />
        <TextField id={id('stock')} label={t('form.stock')} error={errors.stockQuantity} name="stockQuantity" inputMode="decimal" defaultValue={String(initial?.stockQuantity ?? 0)} maxLength={16} />
        <TextField id={id('moq')} label={t('form.moq')} error={errors.minimumOrderQuantity} name="minimumOrderQuantity" inputMode="decimal" defaultValue={String(initial?.minimumOrderQuantity ?? 1)} maxLength={16} />
        <TextField id={id('hs')} label={t('form.hsCode')} error={errors.hsCode} hint={t('form.hsCodeHint')} name="hsCode" inputMode="numeric" defaultValue={initial?.hsCode ?? ''} maxLength={16} />
        <SelectField
          id={id('origin')}
          label={t('form.origin')}
          error={errors.originCountry}
          name="originCountry"
          defaultValue={initial?.originCountry ?? ''}
          placeholder={t('form.noOrigin')}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
        />
        <div className="flex items-center gap-2 sm:col-span-2">
          <input type="hidden" name="isActive" value="false" />
          <input id={id('active')} type="checkbox" name="isActive" value="true" defaultChecked={initial?.isActive ?? true} className="size-4 accent-primary" />
          <Label htmlFor={id('active')}>{t('form.active')}</Label>
        </div>
      </FormSection>

      <FormSection title={t('form.translations')} description={t('form.translationsHint')} className="flex flex-col gap-4">
        {errors.translations ? (
          <p id="product-translations-error" role="alert" className="text-sm text-destructive">
            {t(errors.translations)}
          </p>
        ) : null}
        {LANGUAGES.map((lng) => (
          <TranslationFields key={lng} lng={lng} initial={initial?.translations[lng]} errors={errors} />
        ))}
      </FormSection>

      <FormSection title={t('images.title')} description={t('images.description')}>
        <ProductImagesField
          initial={initial?.images ?? []}
          error={errors.images}
          onChange={(busy) => {
            setImagesBusy(busy)
            // Hidden fields fire no input events: compare with the loaded form here instead.
            if (initial && initialSnapshot.current !== null) setChanged(snapshot() !== initialSnapshot.current)
          }}
        />
      </FormSection>

      <FormSection title={t('form.shipping')} description={t('form.shippingHint')} className="flex flex-col gap-3">
        {shipping.map((row, i) => (
          <div key={row.key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto_1fr_auto] sm:items-end">
            <SelectField
              id={id(`ship-method-${i}`)}
              label={t('form.shippingMethod', { n: i + 1 })}
              error={errors[`shippingMethod.${i}`]}
              name="shippingMethod"
              defaultValue={row.method}
              placeholder={t('form.chooseMethod')}
              options={SHIPPING_METHODS}
              optionLabel={(method) => t(`form.methods.${method}`)}
            />
            <TextField id={id(`ship-price-${i}`)} label={t('form.shippingPrice', { n: i + 1 })} error={errors[`shippingPrice.${i}`]} name="shippingPrice" inputMode="decimal" defaultValue={row.price} maxLength={16} />
            <SelectField id={id(`ship-currency-${i}`)} label={t('form.shippingCurrency', { n: i + 1 })} error={errors[`shippingCurrency.${i}`]} name="shippingCurrency" defaultValue={row.currency} options={CATALOG_CURRENCIES} />
            <TextField id={id(`ship-days-${i}`)} label={t('form.shippingDays', { n: i + 1 })} error={errors[`shippingDays.${i}`]} name="shippingDays" defaultValue={row.estimatedDays} placeholder="20-30" maxLength={9} />
            <Button type="button" variant="ghost" size="sm" onClick={() => setShipping((rows) => rows.filter((r) => r.key !== row.key))}>
              <Trash2 className="size-4" aria-hidden />
              <span className="sr-only">{t('form.removeShipping', { n: i + 1 })}</span>
            </Button>
          </div>
        ))}
        {shipping.length < SHIPPING_OPTIONS_MAX ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setShipping((rows) => [...rows, { key: rowKey++, method: '', price: '', currency: 'USD', estimatedDays: '' }])}
          >
            <Plus className="size-4" aria-hidden />
            {t('form.addShipping')}
          </Button>
        ) : null}
      </FormSection>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={submitting || !changed || imagesBusy}>
          {submitting ? <Spinner label={submittingLabel} className="size-4" /> : submitLabel}
        </Button>
        {initial && !changed ? <p className="text-sm text-muted-foreground">{t('form.noChanges')}</p> : null}
        {imagesBusy ? <p className="text-sm text-muted-foreground">{t('images.waitForUploads')}</p> : null}
      </div>
    </Form>
  )
}
