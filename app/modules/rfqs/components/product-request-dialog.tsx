import { FileText } from 'lucide-react'
import { parseSubmission } from '~/lib/form'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { CURRENCIES } from '~/domain'
import { ProductRequestSchema, PRODUCT_REQUEST_FORM, REQUEST_MESSAGE_MAX, requestQuantityError, type ProductRequestErrors } from '../schemas/product-request'

/** What POST /products/:id/request-quote answers when it refuses (a success redirects to My RFQs). */
export type ProductRequestAnswer = { fieldErrors?: ProductRequestErrors; formError?: string; count?: number }

export type RequestableProduct = { id: string; name: string; currency: string; minimumOrderQuantity: number }

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
  const fetcher = useFetcher<ProductRequestAnswer>()
  const [open, setOpen] = useState(defaultOpen)
  const [clientErrors, setClientErrors] = useState<{ errors: ProductRequestErrors; count?: number } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const busy = fetcher.state !== 'idle'
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  useEffect(() => {
    // A refused request: move the focus to the first field that needs attention.
    if (answer) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }, [answer])
  const errors = clientErrors?.errors ?? answer?.fieldErrors ?? {}
  const count = clientErrors ? clientErrors.count : answer?.count
  const formError = (clientErrors ? undefined : answer?.formError) ?? errors.form
  const id = (f: string) => `request-${product.id}-${f}`
  const field = (name: string, error?: string, hint = false) => ({
    id: id(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id(name)}-error` : null, hint ? `${id(name)}-hint` : null].filter(Boolean).join(' ') || undefined,
  })
  const err = (name: string, error?: string) =>
    error ? (
      <p id={`${id(name)}-error`} className="text-sm text-destructive">
        {t(error, { count })}
      </p>
    ) : null
  const defaultCurrency = (CURRENCIES as readonly string[]).includes(product.currency) ? product.currency : 'USD'

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (o) setClientErrors(null)
      }}
    >
      <DialogTrigger asChild>
        <Button data-testid="request-quote">
          <FileText aria-hidden />
          {t('productRequest.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('productRequest.title')}</DialogTitle>
          <DialogDescription>{t('productRequest.description', { name: product.name })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={`/products/${product.id}/request-quote`}
          noValidate
          className="flex flex-col gap-4"
          data-testid="request-quote-form"
          onSubmit={(event) => {
            if (busy) return void event.preventDefault()
            const parsed = parseSubmission(ProductRequestSchema, new FormData(event.currentTarget), PRODUCT_REQUEST_FORM)
            const moq = parsed.ok ? requestQuantityError(parsed.value.quantity, product.minimumOrderQuantity) : null
            const problem = !parsed.ok ? { errors: parsed.fieldErrors } : moq ? { errors: { quantity: moq.key }, count: moq.count } : null
            if (problem) {
              event.preventDefault()
              setClientErrors(problem)
              requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
            } else setClientErrors(null)
          }}
        >
          <input type="hidden" name="submissionKey" value={requestKey} />
          {formError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{t(formError)}</AlertDescription>
            </Alert>
          ) : null}
          <div className="grid grid-cols-[2fr_1fr] gap-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('quantity')}>{t('productRequest.quantity')}</Label>
              <Input
                {...field('quantity', errors.quantity, true)}
                inputMode="numeric"
                autoComplete="off"
                defaultValue={String(Math.max(quantity, product.minimumOrderQuantity))}
              />
              <p id={`${id('quantity')}-hint`} className="text-xs text-muted-foreground">
                {t('productRequest.quantityHint', { count: product.minimumOrderQuantity })}
              </p>
              {err('quantity', errors.quantity)}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('currency')}>{t('productRequest.currency')}</Label>
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
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('message')}>{t('productRequest.message')}</Label>
            <Textarea {...field('message', errors.message)} rows={4} maxLength={REQUEST_MESSAGE_MAX} placeholder={t('productRequest.messagePlaceholder')} />
            {err('message', errors.message)}
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('productRequest.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('productRequest.sending') : t('productRequest.send')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
