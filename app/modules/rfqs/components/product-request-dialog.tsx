import { FileText } from 'lucide-react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { SelectField, TextareaField, TextField } from '~/components/form-fields'
import { useDialogForm } from '~/components/use-dialog-form'
import { CURRENCIES, type QuantityUnit, unitText } from '~/domain'
import { useFormat } from '~/lib/use-format'
import { ProductRequestSchema, PRODUCT_REQUEST_FORM, REQUEST_MESSAGE_MAX, requestQuantityError, type ProductRequestErrors } from '../schemas/product-request'

/** What POST /products/:id/request-quote answers when it refuses (a success redirects to My RFQs). */
export type ProductRequestAnswer = { fieldErrors?: ProductRequestErrors; formError?: string; count?: number }

export type RequestableProduct = { id: string; name: string; currency: string; minimumOrderQuantity: number; unit: QuantityUnit }

/**
 * "Request a quote" on a product page (issue 8 item 2): a Radix Dialog with the quantity (at least the
 * product's minimum order), the currency and an optional message, checked with the action's schema
 * before it is sent. `requestKey` is the form's one-time token, so a double click makes one request.
 */
export function ProductRequestDialog({
  product,
  requestKey,
  quantity,
  defaultOpen = false,
}: {
  product: RequestableProduct
  requestKey: string
  quantity: number
  /** Open at once (a click on the button that stood in for it while this code loaded). */
  defaultOpen?: boolean
}) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const dialog = useDialogForm<ProductRequestErrors>(
    (form) => {
      const parsed = parseSubmission(ProductRequestSchema, form, PRODUCT_REQUEST_FORM)
      const moq = parsed.ok ? requestQuantityError(parsed.value.quantity, product) : null
      return moq ? { ok: false, fieldErrors: { quantity: moq.key }, count: moq.count } : parsed
    },
    undefined,
    { defaultOpen },
  )
  const { errors, count } = dialog
  const field = (name: keyof ProductRequestErrors & string) => ({ id: `request-${product.id}-${name}`, name, error: errors[name], errorValues: count === undefined ? undefined : { count, unit: t(...unitText(product.unit, count)) } })

  return (
    <DialogForm
      state={dialog}
      action={`/products/${product.id}/request-quote`}
      hidden={{ submissionKey: requestKey }}
      trigger={<TriggerButton data-testid="request-quote" icon={<FileText aria-hidden />} label={t('productRequest.open')} />}
      title={t('productRequest.title')}
      description={t('productRequest.description', { name: product.name })}
      formTestId="request-quote-form"
      error={dialog.formError && t(dialog.formError)}
      cancel={t('productRequest.cancel')}
      submit={t('productRequest.send')}
      pending={t('productRequest.sending')}
    >
      <div className="grid grid-cols-[2fr_1fr] gap-2">
        <TextField
          {...field('quantity')}
          label={t('productRequest.quantity', { unit: t(`units:short.${product.unit}`) })}
          hint={t('productRequest.quantityHint', { quantity: format.count(product.minimumOrderQuantity), unit: t(...unitText(product.unit, product.minimumOrderQuantity)) })}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={String(Math.max(quantity, product.minimumOrderQuantity))}
        />
        <SelectField {...field('currency')} label={t('productRequest.currency')} options={CURRENCIES} defaultValue={(CURRENCIES as readonly string[]).includes(product.currency) ? product.currency : 'USD'} />
      </div>
      <TextareaField {...field('message')} label={t('productRequest.message')} rows={4} maxLength={REQUEST_MESSAGE_MAX} placeholder={t('productRequest.messagePlaceholder')} />
    </DialogForm>
  )
}
