import { useState } from 'react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { CURRENCIES, INCOTERMS } from '~/domain'
import { PLACE_MAX } from '../schemas/common'
import { SubmitQuoteSchema, QUOTE_FORM, PAYMENT_TERMS_MAX, QUOTE_MESSAGE_MAX, VALIDITY_DEFAULT, type QuoteFieldErrors } from '../schemas/quote'

export type QuoteAnswer = { fieldErrors?: QuoteFieldErrors; formError?: string }

/** What a product request prefills (spec §5: price and currency from the product; its minimum order). */
export type QuotePrefill = { unitPrice: string | null; currency: string | null; minOrderQuantity: number | null }

/**
 * The quote dialog (spec §5 Quote dialog): a Radix Dialog, checked by the action's schema before it is
 * sent. On a product request, `prefill` carries the product's price, currency and minimum order.
 */
export function QuoteDialog({
  rfq,
  action,
  prefill = null,
}: {
  rfq: { id: string; title: string; currency: string; incoterm: string | null; incotermPlace: string | null }
  action: string
  prefill?: QuotePrefill | null
}) {
  const { t } = useTranslation('rfqs')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<QuoteFieldErrors>((form) => parseSubmission(SubmitQuoteSchema, form, QUOTE_FORM))
  const [price, setPrice] = useState(prefill?.unitPrice ?? '')
  const id = (f: string) => `quote-${rfq.id}-${f}`
  const field = (name: string, error?: string) => ({
    id: id(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id(name)}-error` : undefined,
  })
  const err = (name: string, error?: string) =>
    error ? (
      <p id={`${id(name)}-error`} className="text-sm text-destructive">
        {t(error)}
      </p>
    ) : null
  const quotable = (c: string | null | undefined): c is string => !!c && (CURRENCIES as readonly string[]).includes(c)
  const productCurrency = prefill?.currency
  const defaultCurrency = quotable(productCurrency) ? productCurrency : quotable(rfq.currency) ? rfq.currency : 'USD'

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          {t('quote.open')}
          <span className="sr-only">: {rfq.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('quote.title')}</DialogTitle>
          <DialogDescription>{t('quote.description', { title: rfq.title })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={action}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="quote" />
          <input type="hidden" name="rfqId" value={rfq.id} />
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t(formError)}</AlertDescription>
            </Alert>
          ) : null}
          <div className="grid grid-cols-[2fr_1fr] gap-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('unitPrice')}>{t('quote.unitPrice')}</Label>
              <Input {...field('unitPrice', errors.unitPrice)} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
              {err('unitPrice', errors.unitPrice)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('currency')}>{t('quote.currency')}</Label>
              <NativeSelect {...field('currency', errors.currency)} defaultValue={defaultCurrency}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
              {err('currency', errors.currency)}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('minOrderQuantity')}>{t('quote.moq')}</Label>
              <Input {...field('minOrderQuantity', errors.minOrderQuantity)} inputMode="numeric" defaultValue={String(prefill?.minOrderQuantity ?? 1)} />
              {err('minOrderQuantity', errors.minOrderQuantity)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('leadTimeDays')}>{t('quote.leadTime')}</Label>
              <Input {...field('leadTimeDays', errors.leadTimeDays)} inputMode="numeric" />
              {err('leadTimeDays', errors.leadTimeDays)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('incoterm')}>{t('quote.incoterm')}</Label>
              <NativeSelect {...field('incoterm', errors.incoterm)} defaultValue={rfq.incoterm ?? 'FOB'}>
                {INCOTERMS.map((c) => (
                  <option key={c} value={c}>
                    {c} — {t(`incoterms.${c}`)}
                  </option>
                ))}
              </NativeSelect>
              {err('incoterm', errors.incoterm)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('incotermPlace')}>{t('quote.incotermPlace')}</Label>
              <Input {...field('incotermPlace', errors.incotermPlace)} maxLength={PLACE_MAX} defaultValue={rfq.incotermPlace ?? ''} />
              {err('incotermPlace', errors.incotermPlace)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('validityDays')}>{t('quote.validity')}</Label>
              <Input {...field('validityDays', errors.validityDays)} inputMode="numeric" defaultValue={String(VALIDITY_DEFAULT)} />
              {err('validityDays', errors.validityDays)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('paymentTerms')}>{t('quote.paymentTerms')}</Label>
              <Input {...field('paymentTerms', errors.paymentTerms)} maxLength={PAYMENT_TERMS_MAX} placeholder={t('quote.paymentTermsPlaceholder')} />
              {err('paymentTerms', errors.paymentTerms)}
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('message')}>{t('quote.message')}</Label>
            <Textarea {...field('message', errors.message)} rows={4} maxLength={QUOTE_MESSAGE_MAX} />
            {err('message', errors.message)}
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('quote.cancel')}
              </Button>
            </DialogClose>
            {/* Spec §5: submit is disabled while the price is empty. */}
            <Button type="submit" disabled={busy || price.trim() === ''}>
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('quote.submitting') : t('quote.submit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
