import { SlidersHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useSubmit } from 'react-router'
import { CATALOG_CURRENCIES, QUANTITY_UNITS, TRADING_COUNTRIES } from '~/domain'
import { useReaderRates } from '~/lib/reader'
import { MARKETPLACE_SORTS, type MarketplaceQuery } from '../constants'
import type { CategoryOptionDto } from '../types'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'

/**
 * The marketplace filter form. A plain GET form: it works without JavaScript and every filter lives in
 * the URL. `categories` null hides the category select (on a category page the category is fixed).
 */
export function ProductFilters({
  query,
  categories,
  action,
}: {
  query: MarketplaceQuery
  categories: CategoryOptionDto[] | null
  action: string
}) {
  const { t } = useTranslation('catalog')
  const submit = useSubmit()
  // The price range is in the reader's currency (issue 28 item 4); other prices are compared converted.
  const readerCurrency = useReaderRates()?.currency ?? 'USD'
  const currentKey = JSON.stringify(query)
  // With JavaScript, leave empty fields out of the URL; without it the browser submits the plain form.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(key, value.trim())
    }
    // The MOQ's unit says nothing without a maximum MOQ: only what was chosen goes in the URL.
    if (!params.has('maxMoq')) params.delete('moqUnit')
    submit(params, { method: 'get', action })
  }
  return (
    // Remount on every new query so the uncontrolled fields show the URL's values after navigation.
    <Form key={currentKey} method="get" action={action} onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="filters-heading">
      <h2 id="filters-heading" className="flex items-center gap-2 text-lg font-semibold">
        <SlidersHorizontal className="size-4" aria-hidden />
        {t('filters.title')}
      </h2>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="filter-q">{t('filters.search')}</Label>
        <Input id="filter-q" name="q" type="search" maxLength={200} defaultValue={query.q ?? ''} placeholder={t('filters.searchPlaceholder')} />
      </div>
      {categories ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-category">{t('filters.category')}</Label>
          <NativeSelect id="filter-category" name="category" defaultValue={query.category ?? ''}>
            <option value="">{t('filters.allCategories')}</option>
            {categories.map((c) => [
              <option key={c.id} value={c.id}>
                {c.name}
              </option>,
              ...c.children.map((child) => (
                <option key={child.id} value={child.id}>
                  {`\u00a0\u00a0\u2013 ${child.name}`}
                </option>
              )),
            ])}
          </NativeSelect>
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="filter-country">{t('filters.country')}</Label>
        <NativeSelect id="filter-country" name="country" defaultValue={query.country ?? ''}>
          <option value="">{t('filters.anyCountry')}</option>
          {TRADING_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`countries.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('filters.priceRange')}</legend>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-currency" className="text-xs text-muted-foreground">
            {t('filters.currency')}
          </Label>
          <NativeSelect id="filter-currency" name="currency" defaultValue={query.currency ?? ''} aria-describedby="filter-currency-hint">
            <option value="">{t('filters.anyCurrency')}</option>
            {CATALOG_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {t(`currencies.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="filter-min-price" className="text-xs text-muted-foreground">
              {t('filters.minPrice')} ({readerCurrency})
            </Label>
            <Input id="filter-min-price" name="minPrice" inputMode="decimal" autoComplete="off" maxLength={16} defaultValue={query.minPrice ?? ''} placeholder="0" aria-describedby="filter-currency-hint" />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="filter-max-price" className="text-xs text-muted-foreground">
              {t('filters.maxPrice')} ({readerCurrency})
            </Label>
            <Input id="filter-max-price" name="maxPrice" inputMode="decimal" autoComplete="off" maxLength={16} defaultValue={query.maxPrice ?? ''} placeholder="1000" aria-describedby="filter-currency-hint" />
          </div>
        </div>
        <p id="filter-currency-hint" className="text-xs text-muted-foreground">
          {t('filters.currencyHint', { currency: readerCurrency })}
        </p>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="filter-max-moq">{t('filters.maxMoq')}</Label>
        <div className="grid grid-cols-2 gap-2">
          <Input id="filter-max-moq" name="maxMoq" inputMode="numeric" autoComplete="off" maxLength={9} defaultValue={query.maxMoq ?? ''} aria-describedby="filter-max-moq-hint" />
          <NativeSelect id="filter-moq-unit" name="moqUnit" defaultValue={query.moqUnit ?? 'pieces'} aria-label={t('filters.moqUnit')} aria-describedby="filter-max-moq-hint">
            {QUANTITY_UNITS.map((u) => (
              <option key={u} value={u}>
                {t(`units:short.${u}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p id="filter-max-moq-hint" className="text-xs text-muted-foreground">
          {t('filters.maxMoqHint')}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="filter-sort">{t('filters.sort')}</Label>
        <NativeSelect id="filter-sort" name="sort" defaultValue={query.sort}>
          {MARKETPLACE_SORTS.filter((s) => s !== 'relevance' || query.q).map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button asChild variant="outline">
          <Link to={action}>{t('filters.clear')}</Link>
        </Button>
      </div>
    </Form>
  )
}
