import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { LANGUAGE_NAMES } from '~/lib/i18n'
import type { CategoryOptionDto } from '~/modules/catalog'
import type { CountryOptionDto, EditableProductDto } from '../products.server'
import { ProductImagesField } from './product-images-field'
import { CATALOG_CURRENCIES, type LanguageCode, LANGUAGES, SHIPPING_METHODS } from '~/domain'
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

function TranslationFields({ lng, initial, errors }: { lng: LanguageCode; initial?: EditableProductDto['translations'][LanguageCode]; errors: ProductFieldErrors }) {
  const { t } = useTranslation('products')
  const [name, setName] = useState(initial?.name ?? '')
  const [slug, setSlug] = useState(initial?.slug ?? '')
  const [slugEdited, setSlugEdited] = useState(Boolean(initial?.slug))
  const [specs, setSpecs] = useState<SpecRow[]>(() => (initial?.specifications ?? []).map((s) => ({ key: rowKey++, ...s })))
  const id = (f: string) => `product-${lng}-${f}`
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border p-4" lang={lng}>
      <legend className="px-1 font-semibold">{t('form.translationLegend', { language: LANGUAGE_NAMES[lng] })}</legend>
      <FormField id={id('name')} label={t('form.name')} error={errors[`${lng}.name`]}>
        <Input
          {...fieldAria(id('name'), errors[`${lng}.name`])}
          name={`${lng}.name`}
          value={name}
          maxLength={NAME_MAX}
          onChange={(e) => {
            setName(e.target.value)
            if (!slugEdited) setSlug(slugFromName(e.target.value))
          }}
        />
      </FormField>
      <FormField id={id('slug')} label={t('form.slug')} error={errors[`${lng}.slug`]} hint={t('form.slugHint')}>
        <Input
          {...fieldAria(id('slug'), errors[`${lng}.slug`], true)}
          name={`${lng}.slug`}
          value={slug}
          maxLength={SLUG_MAX}
          onChange={(e) => {
            setSlug(e.target.value)
            setSlugEdited(e.target.value !== '')
          }}
        />
      </FormField>
      <FormField id={id('description')} label={t('form.description')} error={errors[`${lng}.description`]}>
        <Textarea {...fieldAria(id('description'), errors[`${lng}.description`])} name={`${lng}.description`} defaultValue={initial?.description ?? ''} maxLength={SHORT_DESCRIPTION_MAX} rows={2} />
      </FormField>
      <FormField id={id('longDescription')} label={t('form.longDescription')} error={errors[`${lng}.longDescription`]}>
        <Textarea
          {...fieldAria(id('longDescription'), errors[`${lng}.longDescription`])}
          name={`${lng}.longDescription`}
          defaultValue={initial?.longDescription ?? ''}
          maxLength={LONG_DESCRIPTION_MAX}
          rows={5}
        />
      </FormField>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">{t('form.specifications')}</p>
        {specs.map((row, i) => (
          <div key={row.key} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <FormField id={id(`specName-${i}`)} label={t('form.specName', { n: i + 1 })} error={errors[`${lng}.specName.${i}`]}>
              <Input {...fieldAria(id(`specName-${i}`), errors[`${lng}.specName.${i}`])} name={`${lng}.specName`} defaultValue={row.name} maxLength={SPEC_NAME_MAX} />
            </FormField>
            <FormField id={id(`specValue-${i}`)} label={t('form.specValue', { n: i + 1 })} error={errors[`${lng}.specValue.${i}`]}>
              <Input {...fieldAria(id(`specValue-${i}`), errors[`${lng}.specValue.${i}`])} name={`${lng}.specValue`} defaultValue={row.value} maxLength={SPEC_VALUE_MAX} />
            </FormField>
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
  const [clientErrors, setClientErrors] = useState<ProductFieldErrors | null>(null)
  const errors = clientErrors ?? answer?.fieldErrors ?? {}
  const [categoryId, setCategoryId] = useState(initial?.categoryId ?? '')
  const subcategories = useMemo(() => categories.find((c) => c.id === categoryId)?.children ?? [], [categories, categoryId])
  const [shipping, setShipping] = useState<ShipRow[]>(() => (initial?.shippingOptions ?? []).map((s) => ({ key: rowKey++, ...s })))
  const formRef = useRef<HTMLFormElement>(null)
  const initialSnapshot = useRef<string | null>(null)
  const [changed, setChanged] = useState(!initial)
  const [imagesBusy, setImagesBusy] = useState(false)

  const snapshot = () => (formRef.current ? JSON.stringify([...new FormData(formRef.current).entries()]) : '')
  useEffect(() => {
    if (initial) initialSnapshot.current = snapshot()
  }, [initial])
  useEffect(() => {
    setClientErrors(null)
  }, [answer])

  const id = (f: string) => `product-${f}`
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="flex flex-col gap-6"
      onInput={() => initial && setChanged(snapshot() !== initialSnapshot.current)}
      onChange={() => initial && setChanged(snapshot() !== initialSnapshot.current)}
      onSubmit={(event) => {
        const parsed = parseProductForm(new FormData(event.currentTarget).entries())
        if (!parsed.ok) {
          event.preventDefault()
          setClientErrors(parsed.fieldErrors)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        } else setClientErrors(null)
      }}
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
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('form.basics')}</h2>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('category')} label={t('form.category')} error={errors.categoryId}>
            <NativeSelect {...fieldAria(id('category'), errors.categoryId)} name="categoryId" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">{t('form.chooseCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={id('subcategory')} label={t('form.subcategory')} error={errors.subcategoryId}>
            <NativeSelect {...fieldAria(id('subcategory'), errors.subcategoryId)} name="subcategoryId" defaultValue={initial?.subcategoryId ?? ''} key={categoryId} disabled={subcategories.length === 0}>
              <option value="">{t('form.noSubcategory')}</option>
              {subcategories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid grid-cols-[2fr_1fr] gap-2">
            <FormField id={id('price')} label={t('form.price')} error={errors.price}>
              <Input {...fieldAria(id('price'), errors.price)} name="price" inputMode="decimal" defaultValue={initial?.price ?? ''} maxLength={16} />
            </FormField>
            <FormField id={id('currency')} label={t('form.currency')} error={errors.currency}>
              <NativeSelect {...fieldAria(id('currency'), errors.currency)} name="currency" defaultValue={initial?.currency ?? 'USD'}>
                {CATALOG_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField id={id('sku')} label={t('form.sku')} error={errors.sku} hint={t('form.skuHint')}>
            <Input {...fieldAria(id('sku'), errors.sku, true)} name="sku" defaultValue={initial?.sku ?? ''} maxLength={SKU_MAX} />
          </FormField>
          <FormField id={id('stock')} label={t('form.stock')} error={errors.stockQuantity}>
            <Input {...fieldAria(id('stock'), errors.stockQuantity)} name="stockQuantity" inputMode="numeric" defaultValue={String(initial?.stockQuantity ?? 0)} maxLength={12} />
          </FormField>
          <FormField id={id('moq')} label={t('form.moq')} error={errors.minimumOrderQuantity}>
            <Input {...fieldAria(id('moq'), errors.minimumOrderQuantity)} name="minimumOrderQuantity" inputMode="numeric" defaultValue={String(initial?.minimumOrderQuantity ?? 1)} maxLength={12} />
          </FormField>
          <FormField id={id('hs')} label={t('form.hsCode')} error={errors.hsCode} hint={t('form.hsCodeHint')}>
            <Input {...fieldAria(id('hs'), errors.hsCode, true)} name="hsCode" inputMode="numeric" defaultValue={initial?.hsCode ?? ''} maxLength={16} />
          </FormField>
          <FormField id={id('origin')} label={t('form.origin')} error={errors.originCountry}>
            <NativeSelect {...fieldAria(id('origin'), errors.originCountry)} name="originCountry" defaultValue={initial?.originCountry ?? ''}>
              <option value="">{t('form.noOrigin')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input type="hidden" name="isActive" value="false" />
            <input id={id('active')} type="checkbox" name="isActive" value="true" defaultChecked={initial?.isActive ?? true} className="size-4 accent-primary" />
            <Label htmlFor={id('active')}>{t('form.active')}</Label>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('form.translations')}</h2>
          <CardDescription>{t('form.translationsHint')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {errors.translations ? (
            <p id="product-translations-error" role="alert" className="text-sm text-destructive">
              {t(errors.translations)}
            </p>
          ) : null}
          {LANGUAGES.map((lng) => (
            <TranslationFields key={lng} lng={lng} initial={initial?.translations[lng]} errors={errors} />
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('images.title')}</h2>
          <CardDescription>{t('images.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProductImagesField
            initial={initial?.images ?? []}
            error={errors.images}
            onChange={(busy) => {
              setImagesBusy(busy)
              // Hidden fields fire no input events: compare with the loaded form here instead.
              if (initial && initialSnapshot.current !== null) setChanged(snapshot() !== initialSnapshot.current)
            }}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('form.shipping')}</h2>
          <CardDescription>{t('form.shippingHint')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {shipping.map((row, i) => (
            <div key={row.key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto_1fr_auto] sm:items-end">
              <FormField id={id(`ship-method-${i}`)} label={t('form.shippingMethod', { n: i + 1 })} error={errors[`shippingMethod.${i}`]}>
                <NativeSelect {...fieldAria(id(`ship-method-${i}`), errors[`shippingMethod.${i}`])} name="shippingMethod" defaultValue={row.method}>
                  <option value="">{t('form.chooseMethod')}</option>
                  {SHIPPING_METHODS.map((method) => (
                    <option key={method} value={method}>
                      {t(`form.methods.${method}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={id(`ship-price-${i}`)} label={t('form.shippingPrice', { n: i + 1 })} error={errors[`shippingPrice.${i}`]}>
                <Input {...fieldAria(id(`ship-price-${i}`), errors[`shippingPrice.${i}`])} name="shippingPrice" inputMode="decimal" defaultValue={row.price} maxLength={16} />
              </FormField>
              <FormField id={id(`ship-currency-${i}`)} label={t('form.shippingCurrency', { n: i + 1 })} error={errors[`shippingCurrency.${i}`]}>
                <NativeSelect {...fieldAria(id(`ship-currency-${i}`), errors[`shippingCurrency.${i}`])} name="shippingCurrency" defaultValue={row.currency}>
                  {CATALOG_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={id(`ship-days-${i}`)} label={t('form.shippingDays', { n: i + 1 })} error={errors[`shippingDays.${i}`]}>
                <Input {...fieldAria(id(`ship-days-${i}`), errors[`shippingDays.${i}`])} name="shippingDays" defaultValue={row.estimatedDays} placeholder="20-30" maxLength={9} />
              </FormField>
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
        </CardContent>
      </Card>

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
