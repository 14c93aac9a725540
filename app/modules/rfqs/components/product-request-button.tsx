import { FileText } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { useDeferredModule } from '~/components/use-deferred-module'
import type { RequestableProduct } from './product-request-dialog'

const loadDialog = () => import('./product-request-dialog-loader').then((loader) => loader.loadProductRequestDialog())

/**
 * "Request a quote" on a product page. The dialog (Radix Dialog, the form and its Zod schema) loads
 * once the page has hydrated, not with the page (issue #11: at most 150 kB of JavaScript per public
 * page); until then this is the same button, and a click on it opens the dialog when it is there.
 */
export function ProductRequestButton(props: { product: RequestableProduct; requestKey: string; quantity: number }) {
  const { t } = useTranslation('rfqs')
  const dialog = useDeferredModule(loadDialog)
  const [openOnLoad, setOpenOnLoad] = useState(false)
  const wrapper = useRef<HTMLSpanElement>(null)
  const refocus = useRef(false)
  // The plain button is replaced by the dialog's trigger: keep the keyboard focus on it.
  useEffect(() => {
    if (dialog && refocus.current && !openOnLoad) wrapper.current?.querySelector<HTMLElement>('button')?.focus()
  }, [dialog, openOnLoad])

  // display: contents, so the wrapper changes nothing in the layout.
  return (
    <span ref={wrapper} className="contents">
      {dialog ? (
        <dialog.ProductRequestDialog {...props} defaultOpen={openOnLoad} />
      ) : (
        <Button
          data-testid="request-quote"
          aria-haspopup="dialog"
          onClick={() => setOpenOnLoad(true)}
          onFocus={() => (refocus.current = true)}
          onBlur={() => (refocus.current = false)}
        >
          <FileText aria-hidden />
          {t('productRequest.open')}
        </Button>
      )}
    </span>
  )
}
