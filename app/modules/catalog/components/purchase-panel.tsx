import { LogIn, FileText, ShoppingCart } from 'lucide-react'
import { Suspense, use, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useFetcher } from 'react-router'
import type { ProductDetailDto } from '../types'
import { Price } from './price'
import { QuantityStepper } from './quantity-stepper'
import { Button } from '~/components/ui/button'
import { useDeferredModule } from '~/components/use-deferred-module'
import { readOrderQuantity, shippingIndexError, typedOrderQuantityError } from '~/modules/orders'
import type { FieldErrors } from '~/lib/form'


/**
 * A part the page does not need to hydrate (issue #11: at most 150 kB of JavaScript per public page): the
 * server loads its module at start and renders it, and while the page hydrates its boundary keeps the
 * server's HTML until the code, loaded with import(), is there; from then on it renders as before.
 */
function deferredPart<M, P extends object>(load: () => Promise<M>, pick: (loaded: M) => React.ComponentType<P>) {
  let module: M | null = null
  let loading: Promise<M | null> | undefined
  const start = () =>
    (loading ??= load().then(
      (loaded) => (module = loaded),
      // Offline or a new deployment: nothing this time, and the next render tries again.
      () => ((loading = undefined), null),
    ))
  if (import.meta.env.SSR) void start()
  function Part(props: P) {
    const loaded = module ?? use(start())
    const Loaded = loaded ? pick(loaded) : null
    return Loaded ? <Loaded {...props} /> : null
  }
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}

/** The order form's deferred parts and its schema come in one chunk (order-parts.tsx). */
const loadOrderParts = () => import('./order-parts')

/** The cost summary (cost-summary.tsx, with its exact arithmetic, lib/decimal.ts) only shows figures; it follows the quantity once loaded. */
const CostSummary = deferredPart(loadOrderParts, (m) => m.CostSummary)

/**
 * The payment terms the buyer proposes (the payments module's inputs in a disclosure): the server's
 * inputs post the default terms until the code is there to edit them.
 */
const ProposedPaymentTerms = deferredPart(loadOrderParts, (m) => m.ProposedPaymentTerms)

/** Stock covers at least the minimum order. */
export function canOrder(product: Pick<ProductDetailDto, 'stockQuantity' | 'minimumOrderQuantity'>) {
  return product.stockQuantity >= product.minimumOrderQuantity
}

/** Shown instead of the buy and contact actions to visitors who are not signed in. */
export function LoginRequiredPanel({ productId }: { productId: string }) {
  const { t } = useTranslation('catalog')
  const redirectTo = encodeURIComponent(`/products/${productId}`)
  return (
    <section aria-labelledby="login-required-heading" className="rounded-lg border border-primary/30 bg-primary/5 p-4" data-testid="login-required">
      <h2 id="login-required-heading" className="flex items-center gap-2 font-semibold">
        <LogIn className="size-4" aria-hidden />
        {t('product.loginRequired.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('product.loginRequired.description')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/login?redirectTo=${redirectTo}`}>{t('product.loginRequired.login')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/register">{t('product.loginRequired.register')}</Link>
        </Button>
      </div>
      {/* Spec §6: a visitor's "Request a quote" says why it needs an account and leads to sign in, then back here. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-primary/20 pt-3">
        <Button asChild variant="outline" size="sm">
          <Link to={`/login?redirectTo=${redirectTo}`} aria-describedby="request-login-required" data-testid="request-quote-login">
            <FileText aria-hidden />
            {t('product.actions.requestQuote')}
          </Link>
        </Button>
        <p id="request-login-required" className="text-sm text-muted-foreground">
          {t('product.request.loginRequired')}
        </p>
      </div>
    </section>
  )
}

type OrderError = { error: string; count?: number; fieldErrors?: FieldErrors }

/** The id of the 'Place order' form: the quantity field and the shipping choice are posted with it. */
export const PLACE_ORDER_FORM_ID = 'place-order-form'

/**
 * 'Place order': posts to /orders/new through a fetcher (the action redirects to the new order), after
 * checking the same schema and product rules as the action; refusals are shown under the buttons, a
 * quantity's under its field (`onQuantityRefused`). The quantity field and the shipping radios belong to
 * this form through their `form` attribute: what is posted is what they show.
 */
function PlaceOrderForm({
  product,
  quantityProblem,
  onQuantityRefused,
  orderKey,
}: {
  product: ProductDetailDto
  quantityProblem: { key: string; count?: number } | null
  onQuantityRefused: () => void
  orderKey: string
}) {
  const { t } = useTranslation(['catalog', 'payments'])
  const [clientError, setClientError] = useState<OrderError | null>(null)
  const fetcher = useFetcher<OrderError>()
  const busy = fetcher.state !== 'idle'
  const shown = clientError ?? (fetcher.state === 'idle' ? fetcher.data : undefined) ?? null
  const schemas = useDeferredModule(loadOrderParts)
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setClientError(null)
    // The quantity as typed, against minimum order and stock: refused, never changed (issue 26 item 4).
    if (quantityProblem) {
      event.preventDefault()
      onQuantityRefused()
      return
    }
    const form = new FormData(event.currentTarget)
    const shipping = form.get('shipping')
    const s = shippingIndexError(typeof shipping === 'string' && /^\d{1,3}$/.test(shipping) ? Number(shipping) : null, product.shippingOptions.length)
    // Before the schema has loaded the action checks the rest (the same schema, the same errors).
    const parsed = schemas?.parseSubmission(schemas.PlaceOrderSchema, form)
    const refused = parsed && !parsed.ok ? Object.values(parsed.fieldErrors)[0] : undefined
    const problem: OrderError | null = s ? { error: s } : refused && parsed && !parsed.ok ? { error: refused, fieldErrors: parsed.fieldErrors } : null
    if (problem) {
      event.preventDefault()
      setClientError(problem)
    }
  }
  return (
    <fetcher.Form id={PLACE_ORDER_FORM_ID} method="post" action="/orders/new" onSubmit={onSubmit} className="contents" data-testid="place-order-form">
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="submissionKey" value={orderKey} />
      {/* The buyer's payment terms (ADR 033), 30 % on the proforma and 70 % on shipment unless changed; open when refused. */}
      <ProposedPaymentTerms errors={shown?.fieldErrors} />
      <Button type="submit" disabled={busy}>
        <ShoppingCart aria-hidden />
        {busy ? t('product.order.placing') : t('product.order.place')}
      </Button>
      {shown ? (
        <p role="alert" className="order-last w-full text-sm text-destructive" data-testid="order-error">
          {/* A refusal of the payment terms is shown on its field; here, where to look. */}
          {shown.error.startsWith('payments:') ? t('payments:terms.refused') : t(shown.error, { count: shown.count, unit: t(`units:short.${product.unit}`) })}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/**
 * Quantity, shipping choice, live cost summary and the next step: sign in (visitors), or place the order
 * (POST /orders/new, checked with the same schema before submit), request a quote or contact the seller.
 * `orderKey` is the form's one-time token; null when this viewer cannot order (own product, no profile).
 * `requestQuote` renders the "Request a quote" dialog for the chosen quantity (the page passes it: the
 * request belongs to the RFQs module); left out, the button is not shown. `contactSeller` is the
 * "Contact seller" button (the conversation belongs to the messaging module), left out for the product's own seller.
 */
export function PurchasePanel({
  product,
  signedIn,
  orderKey = null,
  requestQuote,
  contactSeller,
}: {
  product: ProductDetailDto
  signedIn: boolean
  orderKey?: string | null
  requestQuote?: (quantity: number) => React.ReactNode
  contactSeller?: React.ReactNode
}) {
  const { t } = useTranslation('catalog')
  const orderable = canOrder(product)
  // The quantity exactly as typed; a number only when it reads as one (issue 26 item 4).
  const [quantityText, setQuantityText] = useState(String(product.minimumOrderQuantity))
  // Its refusal shows once the buyer has left the field or tried to order, not at every keystroke.
  const [quantityChecked, setQuantityChecked] = useState(false)
  const quantity = readOrderQuantity(quantityText)
  const quantityProblem = orderable ? typedOrderQuantityError(quantityText, product) : null
  const [shippingIndex, setShippingIndex] = useState(0)
  const shipping = product.shippingOptions[shippingIndex] ?? null
  return (
    <div className="flex flex-col gap-5">
      <QuantityStepper
        id="quantity"
        value={quantityText}
        min={product.minimumOrderQuantity}
        max={Math.max(product.minimumOrderQuantity, product.stockQuantity)}
        form={PLACE_ORDER_FORM_ID}
        unit={t(`units:short.${product.unit}`)}
        error={quantityChecked && quantityProblem ? t(quantityProblem.key, { count: quantityProblem.count, unit: t(`units:short.${product.unit}`) }) : null}
        disabled={!orderable}
        onChange={setQuantityText}
        onBlur={() => setQuantityChecked(true)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('product.shipping.title')}</legend>
        {product.shippingOptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('product.shipping.none')}</p>
        ) : (
          product.shippingOptions.map((option, i) => (
            <label
              key={`${option.method}-${i}`}
              className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="shipping"
                form={PLACE_ORDER_FORM_ID}
                value={i}
                checked={i === shippingIndex}
                onChange={() => setShippingIndex(i)}
                className="size-4 accent-[var(--color-primary)]"
              />
              <span className="flex-1">
                <span className="font-medium">{t(`product.shipping.methods.${option.method}`)}</span>
                {option.estimatedDays ? (
                  <span className="block text-xs text-muted-foreground">{t('product.shipping.days', { days: option.estimatedDays })}</span>
                ) : null}
              </span>
              <Price amount={option.price} currency={option.currency} className="font-medium" />
            </label>
          ))
        )}
      </fieldset>
      <CostSummary unitPrice={product.price} currency={product.currency} quantity={quantity} unit={t(`units:short.${product.unit}`)} shipping={shipping} />
      {signedIn ? (
        <div className="flex flex-wrap gap-2" data-testid="product-actions">
          {orderKey && orderable && product.visibility === 'public' ? (
            <PlaceOrderForm
              product={product}
              quantityProblem={quantityProblem}
              onQuantityRefused={() => {
                setQuantityChecked(true)
                document.getElementById('quantity')?.focus()
              }}
              orderKey={orderKey}
            />
          ) : null}
          {requestQuote ? requestQuote(quantity ?? product.minimumOrderQuantity) : null}
          {contactSeller ?? null}
          <p className="w-full text-xs text-muted-foreground">{t('product.actions.hint')}</p>
        </div>
      ) : (
        <LoginRequiredPanel productId={product.id} />
      )}
    </div>
  )
}
