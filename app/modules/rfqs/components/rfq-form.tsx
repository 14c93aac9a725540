import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { SelectField, TextareaField, TextField } from '~/components/form-fields'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormSection } from '~/components/form-section'
import { useCheckedForm } from '~/components/use-checked-form'
import { Spinner } from '~/components/ui/spinner'
import type { CategoryOptionDto } from '~/modules/catalog'
import { CURRENCIES, INCOTERMS, LOCATION_PREFERENCES, QUANTITY_UNITS } from '~/domain'
import { PLACE_MAX } from '../schemas/common'
import { CategoryOptions } from './category-options'
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
  // A second click while the first submit is under way sends nothing (the server also refuses a reused token).
  const { errors, formProps } = useCheckedForm((form) => parseSubmission(createRfqSchema(today), form, RFQ_FORM), answer?.fieldErrors, submitting)
  const id = (f: string) => `rfq-${f}`
  const formError = answer?.formError ?? errors.form
  const v = answer?.values ?? {}

  return (
    <Form {...formProps} className="flex flex-col gap-6">
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {formError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t(formError)}</AlertDescription>
        </Alert>
      ) : null}
      <FormSection title={t('form.request')} className="flex flex-col gap-4">
        <TextField id={id('title')} label={t('form.title')} error={errors.title} hint={t('form.titleHint', { min: TITLE_MIN })} name="title" defaultValue={v.title} maxLength={TITLE_MAX} required minLength={TITLE_MIN} placeholder={t('form.titlePlaceholder')} />
        <TextareaField
          id={id('description')}
          label={t('form.description')}
          error={errors.description}
          hint={t('form.descriptionHint', { min: DESCRIPTION_MIN })}
          name="description"
          defaultValue={v.description}
          rows={5}
          maxLength={DESCRIPTION_MAX}
          required
          minLength={DESCRIPTION_MIN}
          placeholder={t('form.descriptionPlaceholder')}
        />
        <SelectField id={id('category')} label={t('form.category')} error={errors.categoryId} name="categoryId" defaultValue={v.categoryId ?? ''}>
          <CategoryOptions categories={categories} anyLabel={t('form.anyCategory')} />
        </SelectField>
      </FormSection>
      <FormSection title={t('form.quantityAndBudget')} className="grid gap-4 sm:grid-cols-2">
        <div className="grid grid-cols-[2fr_1fr] gap-2">
          <TextField id={id('quantity')} label={t('form.quantity')} error={errors.quantity} name="quantity" inputMode="decimal" defaultValue={v.quantity ?? quantity} />
          <SelectField id={id('unit')} label={t('form.unit')} error={errors.unit} name="unit" defaultValue={v.unit ?? 'pieces'} options={QUANTITY_UNITS} optionLabel={(u) => `${t(`units:name.${u}`, { count: 1 })} (${t(`units:short.${u}`)})`} />
        </div>
        <SelectField id={id('currency')} label={t('form.currency')} error={errors.currency} name="currency" defaultValue={v.currency ?? 'USD'} options={CURRENCIES} />
        <TextField id={id('budgetMin')} label={t('form.budgetMin')} error={errors.budgetMin} name="budgetMin" defaultValue={v.budgetMin} inputMode="decimal" />
        <TextField id={id('budgetMax')} label={t('form.budgetMax')} error={errors.budgetMax} name="budgetMax" defaultValue={v.budgetMax} inputMode="decimal" />
        <TextField id={id('deadline')} label={t('form.deadline')} error={errors.deadline} name="deadline" defaultValue={v.deadline} type="date" min={today} max={latestDeadline(today)} />
        <SelectField
          id={id('location')}
          label={t('form.location')}
          error={errors.locationPreference}
          name="locationPreference"
          defaultValue={v.locationPreference ?? 'Both'}
          options={LOCATION_PREFERENCES}
          optionLabel={(l) => t(`locations.${l}`)}
        />
      </FormSection>
      <FormSection title={t('form.tradeTerms')} className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={id('incoterm')}
          label={t('form.incoterm')}
          error={errors.incoterm}
          hint={t('form.incotermHint')}
          name="incoterm"
          defaultValue={v.incoterm ?? ''}
          placeholder={t('form.noIncoterm')}
          options={INCOTERMS}
          optionLabel={(c) => `${c} — ${t(`incoterms.${c}`)}`}
        />
        <TextField id={id('incotermPlace')} label={t('form.incotermPlace')} error={errors.incotermPlace} hint={t('form.incotermPlaceHint')} name="incotermPlace" defaultValue={v.incotermPlace} maxLength={PLACE_MAX} />
        <TextField id={id('destination')} label={t('form.destination')} error={errors.destination} hint={t('form.destinationHint')} name="destination" defaultValue={v.destination} maxLength={PLACE_MAX} />
        <TextField id={id('hsCode')} label={t('form.hsCode')} error={errors.hsCode} hint={t('form.hsCodeHint')} name="hsCode" defaultValue={v.hsCode} inputMode="numeric" maxLength={32} />
      </FormSection>
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
