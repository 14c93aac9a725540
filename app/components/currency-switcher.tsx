import { Form, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { DeferredDropdownMenu } from '~/components/deferred-dropdown-menu'
import { Button } from '~/components/ui/button'
import { CURRENCIES } from '~/domain'
import { useReaderRates } from '~/lib/reader'
import { cn } from '~/lib/utils'

const FORM_ID = 'currency-form'

/**
 * The header's currency menu (issue 28 item 4): amounts in other currencies are shown converted to the
 * one picked. Each item submits the page's small form to POST /currency, which keeps the pick in a
 * cookie (and a signed-in user's profile) and comes back here.
 */
export function CurrencyMenu() {
  const { t } = useTranslation('common')
  const { pathname, search } = useLocation()
  const currency = useReaderRates()?.currency
  if (!currency) return null
  return (
    <>
      <Form id={FORM_ID} method="post" action="/currency" className="hidden">
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      </Form>
      <DeferredDropdownMenu
        align="end"
        trigger={
          <Button variant="ghost" size="sm" className="px-2 font-semibold" aria-label={t('currency.choose', { currency })} data-testid="currency-menu">
            {currency}
          </Button>
        }
        content={({ DropdownMenuItem, DropdownMenuLabel }) => (
          <>
            <DropdownMenuLabel>{t('currency.label')}</DropdownMenuLabel>
            {CURRENCIES.map((c) => (
              <DropdownMenuItem key={c} asChild>
                <button type="submit" form={FORM_ID} name="currency" value={c} aria-current={c === currency ? 'true' : undefined} className="w-full">
                  <span className={cn(c === currency && 'font-semibold')}>{t(`currency.names.${c}`)}</span>
                </button>
              </DropdownMenuItem>
            ))}
          </>
        )}
      />
    </>
  )
}
