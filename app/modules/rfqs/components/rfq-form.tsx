import { useEffect, useRef, useState } from 'react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import type { CategoryOptionDto } from '~/modules/catalog'
import { CURRENCIES, INCOTERMS, LOCATION_PREFERENCES, QUANTITY_UNITS } from '~/domain'
import { PLACE_MAX } from '../schemas/common'
import { DESCRIPTION_MAX, DESCRIPTION_MIN, latestDeadline, createRfqSchema, RFQ_FORM, TITLE_MAX, TITLE_MIN, type RfqField, type RfqFieldErrors } from '../schemas/create-rfq'

export type RfqFormAnswer = { fieldErrors?: RfqFieldErrors; formError?: string; values?: Partial<Record<RfqField, string>> }


/** The Create RFQ form (spec §5 RFQ form). The same schema checks it here before submit and in the action. */
export function RfqForm({
  categories,
  submissionKey,
  today,
  quantity,
  answer,
}: {
  categories: CategoryOptionDto[]
  submissionKey: string
  today: string
  quantity: string
  answer?: RfqFormAnswer
}) {
  const { t } = useTranslation('rfqs')
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const [clientErrors, setClientErrors] = useState<RfqFieldErrors | null>(null)
  const errors = clientErrors ?? answer?.fieldErrors ?? {}
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => setClientErrors(null), [answer])
  const id = (f: string) => `rfq-${f}`
  const formError = answer?.formError ?? errors.form
  const v = answer?.values ?? {}

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        // A second click while the first submit is under way sends nothing (the server also refuses a reused token).
        if (submitting) return void event.preventDefault()
        const parsed = parseSubmission(createRfqSchema(today), new FormData(event.currentTarget), RFQ_FORM)
        if (!parsed.ok) {
          event.preventDefault()
          setClientErrors(parsed.fieldErrors)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        } else setClientErrors(null)
      }}
    >
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {formError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t(formError)}</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('form.request')}</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FormField id={id('title')} label={t('form.title')} error={errors.title} hint={t('form.titleHint', { min: TITLE_MIN })}>
            <Input {...fieldAria(id('title'), errors.title, true)} name="title" defaultValue={v.title} maxLength={TITLE_MAX} required minLength={TITLE_MIN} placeholder={t('form.titlePlaceholder')} />
          </FormField>
          <FormField id={id('description')} label={t('form.description')} error={errors.description} hint={t('form.descriptionHint', { min: DESCRIPTION_MIN })}>
            <Textarea {...fieldAria(id('description'), errors.description, true)} name="description" defaultValue={v.description} rows={5} maxLength={DESCRIPTION_MAX} required minLength={DESCRIPTION_MIN} placeholder={t('form.descriptionPlaceholder')} />
          </FormField>
          <FormField id={id('category')} label={t('form.category')} error={errors.categoryId}>
            <NativeSelect {...fieldAria(id('category'), errors.categoryId)} name="categoryId" defaultValue={v.categoryId ?? ''}>
              <option value="">{t('form.anyCategory')}</option>
              {categories.map((c) => (
                <optgroup key={c.id} label={c.name}>
                  <option value={c.id}>{t('form.allOf', { name: c.name })}</option>
                  {c.children.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('form.quantityAndBudget')}</h2>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid grid-cols-[2fr_1fr] gap-2">
            <FormField id={id('quantity')} label={t('form.quantity')} error={errors.quantity}>
              <Input {...fieldAria(id('quantity'), errors.quantity)} name="quantity" inputMode="numeric" defaultValue={v.quantity ?? quantity} />
            </FormField>
            <FormField id={id('unit')} label={t('form.unit')} error={errors.unit}>
              <NativeSelect {...fieldAria(id('unit'), errors.unit)} name="unit" defaultValue={v.unit ?? 'pieces'}>
                {QUANTITY_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`units.${u}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField id={id('currency')} label={t('form.currency')} error={errors.currency}>
            <NativeSelect {...fieldAria(id('currency'), errors.currency)} name="currency" defaultValue={v.currency ?? 'USD'}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={id('budgetMin')} label={t('form.budgetMin')} error={errors.budgetMin}>
            <Input {...fieldAria(id('budgetMin'), errors.budgetMin)} name="budgetMin" defaultValue={v.budgetMin} inputMode="decimal" />
          </FormField>
          <FormField id={id('budgetMax')} label={t('form.budgetMax')} error={errors.budgetMax}>
            <Input {...fieldAria(id('budgetMax'), errors.budgetMax)} name="budgetMax" defaultValue={v.budgetMax} inputMode="decimal" />
          </FormField>
          <FormField id={id('deadline')} label={t('form.deadline')} error={errors.deadline}>
            <Input {...fieldAria(id('deadline'), errors.deadline)} name="deadline" defaultValue={v.deadline} type="date" min={today} max={latestDeadline(today)} />
          </FormField>
          <FormField id={id('location')} label={t('form.location')} error={errors.locationPreference}>
            <NativeSelect {...fieldAria(id('location'), errors.locationPreference)} name="locationPreference" defaultValue={v.locationPreference ?? 'Both'}>
              {LOCATION_PREFERENCES.map((l) => (
                <option key={l} value={l}>
                  {t(`locations.${l}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('form.tradeTerms')}</h2>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('incoterm')} label={t('form.incoterm')} error={errors.incoterm} hint={t('form.incotermHint')}>
            <NativeSelect {...fieldAria(id('incoterm'), errors.incoterm, true)} name="incoterm" defaultValue={v.incoterm ?? ''}>
              <option value="">{t('form.noIncoterm')}</option>
              {INCOTERMS.map((c) => (
                <option key={c} value={c}>
                  {c} — {t(`incoterms.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={id('incotermPlace')} label={t('form.incotermPlace')} error={errors.incotermPlace} hint={t('form.incotermPlaceHint')}>
            <Input {...fieldAria(id('incotermPlace'), errors.incotermPlace, true)} name="incotermPlace" defaultValue={v.incotermPlace} maxLength={PLACE_MAX} />
          </FormField>
          <FormField id={id('destination')} label={t('form.destination')} error={errors.destination} hint={t('form.destinationHint')}>
            <Input {...fieldAria(id('destination'), errors.destination, true)} name="destination" defaultValue={v.destination} maxLength={PLACE_MAX} />
          </FormField>
          <FormField id={id('hsCode')} label={t('form.hsCode')} error={errors.hsCode} hint={t('form.hsCodeHint')}>
            <Input {...fieldAria(id('hsCode'), errors.hsCode, true)} name="hsCode" defaultValue={v.hsCode} inputMode="numeric" maxLength={32} />
          </FormField>
        </CardContent>
      </Card>
      <div className="flex flex-wrap justify-end gap-3">
        <Button asChild variant="outline">
          <Link to="/">{t('form.cancel')}</Link>
        </Button>
        <Button type="submit" disabled={submitting} aria-disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {submitting ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </Form>
  )
}
