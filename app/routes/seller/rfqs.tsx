import { ShieldAlert } from 'lucide-react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, useFetcher, useLocation } from 'react-router'
import type { Route } from './+types/rfqs'
import { ConvertedAmount } from '~/components/reader-amount'
import { Detail, DetailList } from '~/components/detail-list'
import { SelectField } from '~/components/form-fields'
import { PagedList } from '~/components/paged-list'
import { TabSection } from '~/components/tab-section'
import { MessageButton } from '~/components/message-button'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getLocale } from '~/lib/i18next.server'
import { redirectWithToast } from '~/lib/toast.server'
import { enforceLimit, limitAnswer } from '~/lib/rate-limit.server'
import { useFormat } from '~/lib/use-format'
import { listCategoryOptions } from '~/modules/catalog/index.server'
import { Pagination } from '~/modules/catalog'
import { requireSeller, sellerGate } from '~/modules/products/index.server'
import { type BoardRfqDto, listBoardRfqs, rejectProductRequest, submitQuote, withdrawQuote } from '~/modules/rfqs/index.server'
import { type BoardFilters, CategoryOptions, parseBoardFilters, QUOTE_FORM, quoteBlocker, QuoteDialog, REJECT_FORM, RejectRequestDialog, RejectRequestSchema, RfqCard, RfqTermDetails, SubmitQuoteSchema, WithdrawQuoteSchema } from '~/modules/rfqs'
import { CURRENCIES, unitText } from '~/domain'

// The seller dashboard's RFQs tab (issue 8 item 4): buyers' open RFQs this seller may quote on,
// filtered and paginated on the server, with the quote dialog. The layout shows the gate to non-sellers.
export async function loader({ request, context }: Route.LoaderArgs) {
  const gate = await sellerGate(request)
  if (gate.state !== 'seller') return { board: null }
  const locale = getLocale(context) as Language
  const filters = parseBoardFilters(new URL(request.url).searchParams)
  const [board, categories] = await Promise.all([listBoardRfqs(gate.seller, filters, locale), listCategoryOptions(locale)])
  return { board, filters, categories, blocker: quoteBlocker(gate.seller) }
}

/** The board's URL for these filters (and page), so a quote brings the seller back where they were. */
function boardHref(f: BoardFilters, page = f.page): string {
  const p = new URLSearchParams()
  if (f.q) p.set('q', f.q)
  if (f.category) p.set('category', f.category)
  if (f.currency) p.set('currency', f.currency)
  if (f.notQuoted) p.set('notQuoted', '1')
  if (f.match) p.set('match', '1')
  if (f.mine) p.set('mine', '1')
  if (page > 1) p.set('page', String(page))
  const s = p.toString()
  return s ? `/dashboard/rfqs?${s}` : '/dashboard/rfqs'
}

export async function action({ request }: Route.ActionArgs) {
  const seller = await requireSeller(request)
  const form = await readForm(request)
  const back = boardHref(parseBoardFilters(new URL(request.url).searchParams))
  const intent = form.get('intent')
  if (intent === 'withdraw') {
    const parsed = WithdrawQuoteSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) return data({ formError: 'rfqs:errors.unknownAction' }, { status: 400 })
    const out = await withdrawQuote(seller.id, parsed.data.quoteId)
    if (!out.ok) return data({ formError: out.error }, { status: out.status })
    return redirectWithToast(request, back, { type: 'success', key: 'rfqs:quote.withdrawn' })
  }
  if (intent === 'reject') {
    // Only the seller a product request is addressed to, while it is open and they hold no live quote on it.
    const parsed = parseSubmission(RejectRequestSchema, form, REJECT_FORM)
    if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, formError: parsed.fieldErrors.form }, { status: parsed.fieldErrors.form ? 404 : 400 })
    const out = await rejectProductRequest(seller.id, parsed.value)
    if (!out.ok) return data({ formError: out.error }, { status: out.status })
    return redirectWithToast(request, back, { type: 'success', key: 'rfqs:reject.done' })
  }
  if (intent !== 'quote') return data({ formError: 'rfqs:errors.unknownAction' }, { status: 400 })
  const parsed = parseSubmission(SubmitQuoteSchema, form, QUOTE_FORM)
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  // Counted once the form is valid, before anything is written (issue 26 item 9).
  const limit = await enforceLimit('quoteSubmit', seller.id)
  if (!limit.ok) return limitAnswer(limit)
  const out = await submitQuote(seller, parsed.value)
  // A minimum order the RFQ's unit does not allow is the field's refusal; the others are the whole form's.
  if (!out.ok) return data(out.error.startsWith('units:') ? { fieldErrors: { minOrderQuantity: out.error } } : { formError: out.error }, { status: out.status })
  return redirectWithToast(request, back, { type: 'success', key: 'rfqs:quote.submitted' })
}

function Withdraw({ quoteId, action }: { quoteId: string; action: string }) {
  const { t } = useTranslation('rfqs')
  const fetcher = useFetcher<{ formError?: string }>()
  return (
    <fetcher.Form method="post" action={action} className="flex items-center gap-2">
      <input type="hidden" name="quoteId" value={quoteId} />
      <Button type="submit" name="intent" value="withdraw" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        {t('board.withdraw')}
      </Button>
      {fetcher.data?.formError ? (
        <span role="alert" className="text-sm text-destructive">
          {t(fetcher.data.formError)}
        </span>
      ) : null}
    </fetcher.Form>
  )
}

function BoardRfqCard({ rfq, canQuote, action }: { rfq: BoardRfqDto; canQuote: boolean; action: string }) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  return (
    <RfqCard
      rfq={rfq}
      heading="h3"
      testId="board-rfq"
      eyebrow={
        rfq.request ? (
          <p className="text-sm font-medium text-primary" data-testid="product-request">
            {rfq.request.productName ? (
              <>
                {t('board.requestFor')}{' '}
                {rfq.request.productId ? (
                  <Link to={`/products/${rfq.request.productId}`} className="underline underline-offset-4 hover:no-underline">
                    {rfq.request.productName}
                  </Link>
                ) : (
                  rfq.request.productName
                )}
              </>
            ) : (
              t('board.requestForYou')
            )}
          </p>
        ) : null
      }
      meta={<> · {t('board.buyerFrom', { country: t(`locations.${rfq.buyerCountry}`) })}</>}
      badge={rfq.request ? null : <Badge variant="secondary">{t('board.quoteCount', { count: rfq.quoteCount })}</Badge>}
    >
      {rfq.description ? (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line">{rfq.description}</p>
      ) : rfq.request ? (
        <p className="text-sm text-muted-foreground">{t('board.noMessage')}</p>
      ) : null}
      <DetailList>
        <Detail label={t('list.quantity')}>
          {format.count(rfq.quantity)} {t(...unitText(rfq.unit, rfq.quantity))}
        </Detail>
        <RfqTermDetails rfq={rfq} />
        {rfq.destination ? (
          <Detail label={t('list.destination')} valueClassName="break-words">
            {rfq.destination}
          </Detail>
        ) : null}
      </DetailList>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
        {rfq.ownQuote ? (
          <>
            <p className="text-sm" data-testid="own-quote">
              {t('board.yourQuote', { price: `${format.money(rfq.ownQuote.unitPrice, rfq.ownQuote.currency)} / ${t(`units:short.${rfq.unit}`)}` })}{' '}
              <ConvertedAmount amount={rfq.ownQuote.unitPrice} currency={rfq.ownQuote.currency} className="text-xs" />{' '}
              <Badge variant={rfq.ownQuote.status === 'Quoted' ? 'success' : 'secondary'}>{t(`quoteStatuses.${rfq.ownQuote.status}`)}</Badge>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <Link to={`/rfqs/${rfq.id}/quotes/${rfq.ownQuote.id}`}>
                  {t('negotiation.view')}
                  <span className="sr-only">: {rfq.title}</span>
                </Link>
              </Button>
              <MessageButton subjectType="quote" subjectId={rfq.ownQuote.id} label="start.messageBuyer" context={rfq.title} />
              {rfq.ownQuote.status === 'Quoted' || rfq.ownQuote.status === 'Countered' || rfq.ownQuote.status === 'Expired' ? <Withdraw quoteId={rfq.ownQuote.id} action={action} /> : null}
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t('board.notQuoted')}</p>
            <div className="flex flex-wrap gap-2">
              {/* A request addressed to this seller: they may ask the buyer before quoting. */}
              {rfq.request ? <MessageButton subjectType="rfq" subjectId={rfq.id} label="start.messageBuyer" context={rfq.title} /> : null}
              {rfq.request ? <RejectRequestDialog rfq={rfq} action={action} /> : null}
              {canQuote ? (
                <QuoteDialog
                  rfq={rfq}
                  action={action}
                  prefill={rfq.request ? { unitPrice: rfq.request.price, currency: rfq.request.currency, minOrderQuantity: rfq.request.minimumOrderQuantity } : null}
                />
              ) : null}
            </div>
          </>
        )}
      </div>
    </RfqCard>
  )
}

export default function SellerRfqBoard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const location = useLocation()
  if (!loaderData.board) return null
  const { board, filters, categories, blocker } = loaderData
  const action = `/dashboard/rfqs${location.search}`
  return (
    <TabSection id="rfq-board-title" title={t('board.title')} count={board.total} description={t('board.description')}>
      {blocker ? (
        <Alert variant="warning" data-testid="quote-blocked">
          <ShieldAlert className="size-4" aria-hidden />
          <AlertTitle>{t('board.blockedTitle')}</AlertTitle>
          <AlertDescription>
            {t(`board.blocked.${blocker}`)}{' '}
            {blocker !== 'inactive' ? (
              <Link to="/kyc-upload" className="font-medium underline underline-offset-4">
                {t('board.toKyc')}
              </Link>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <Form method="get" role="search" aria-label={t('board.filters')} className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <Label htmlFor="board-q">{t('board.search')}</Label>
          <Input id="board-q" name="q" type="search" defaultValue={filters.q} maxLength={100} placeholder={t('board.searchPlaceholder')} />
        </div>
        <SelectField id="board-category" label={t('form.category')} name="category" defaultValue={filters.category ?? ''}>
          <CategoryOptions categories={categories} anyLabel={t('board.anyCategory')} />
        </SelectField>
        <SelectField id="board-currency" label={t('form.currency')} name="currency" defaultValue={filters.currency ?? ''} placeholder={t('board.anyCurrency')} options={CURRENCIES} />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="match" value="1" defaultChecked={filters.match} className="size-4" />
            {t('board.matchCatalog')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="notQuoted" value="1" defaultChecked={filters.notQuoted} className="size-4" />
            {t('board.notQuotedFilter')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} className="size-4" />
            {t('board.mineFilter')}
          </label>
          <Button type="submit" size="sm" className="ml-auto">
            {t('board.apply')}
          </Button>
        </div>
      </Form>
      <PagedList
        isEmpty={board.items.length === 0}
        empty={board.total === 0 ? t('board.empty') : t('list.pageEmpty')}
        pagination={<Pagination page={board.page} totalPages={board.pageCount} hrefFor={(page) => boardHref(filters, page)} />}
      >
        <ul className="flex flex-col gap-4">
          {board.items.map((rfq) => (
            <li key={rfq.id}>
              <BoardRfqCard rfq={rfq} canQuote={!blocker} action={action} />
            </li>
          ))}
        </ul>
      </PagedList>
    </TabSection>
  )
}
