import { Pencil, Search, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/products'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { unitText } from '~/domain'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getLocale } from '~/lib/i18next.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { Pagination, Price, ProductImage } from '~/modules/catalog'
import { deleteProduct, listSellerProducts, requireSeller, sellerGate, setProductActive } from '~/modules/products/index.server'
import { parseProductListQuery, PRODUCT_LIST_SORTS, PRODUCT_LIST_STATUSES, type ProductListQuery } from '~/modules/products'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { DataTable } from '~/components/data-table'
import { SelectField } from '~/components/form-fields'
import { TabSection } from '~/components/tab-section'
import { TableCell, TableHead, TableRow } from '~/components/ui/table'

// My Products (spec §2 Seller dashboard, issue 7 item 5): the seller's own products, searched,
// filtered, sorted and paginated on the server; activate, deactivate and delete from the list.
export async function loader({ request, context }: Route.LoaderArgs) {
  const gate = await sellerGate(request)
  if (gate.state !== 'seller') return { list: null, query: null, kycStatus: null }
  const query = parseProductListQuery(new URL(request.url).searchParams)
  const list = await listSellerProducts(gate.seller.id, getLocale(context) as Language, query)
  return { list, query, kycStatus: gate.seller.kycStatus }
}

const INTENTS = ['activate', 'deactivate', 'delete'] as const

export async function action({ request }: Route.ActionArgs) {
  const seller = await requireSeller(request)
  const form = await readForm(request)
  const intent = form.get('intent')
  const productId = String(form.get('productId') ?? '')
  if (typeof intent !== 'string' || !(INTENTS as readonly string[]).includes(intent)) {
    return data({ formError: 'products:errors.unknownAction' }, { status: 400 })
  }
  const done =
    intent === 'delete' ? await deleteProduct(seller.id, productId) : await setProductActive(seller.id, productId, intent === 'activate')
  // Someone else's product or a forged id: the same answer as a product that does not exist.
  if (!done) throw data(null, { status: 404 })
  const back = new URL(request.url)
  back.searchParams.delete('index')
  return redirectWithToast(request, safeRedirect(`${back.pathname}${back.search}`, '/dashboard/products'), { type: 'success', key: `products:list.done.${intent}` })
}

function hrefWith(query: ProductListQuery, change: Partial<ProductListQuery>) {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.status !== 'all') params.set('status', next.status)
  if (next.sort !== 'newest') params.set('sort', next.sort)
  if (next.page > 1) params.set('page', String(next.page))
  const s = params.toString()
  return `/dashboard/products${s ? `?${s}` : ''}`
}

function DeleteButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('products')
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive">
          <Trash2 className="size-4" aria-hidden />
          {t('list.delete')}
          <span className="sr-only">: {name}</span>
        </Button>
      }
      title={t('list.deleteTitle')}
      description={t('list.deleteDescription', { name })}
      fields={{ productId: id }}
      intent="delete"
      cancelLabel={t('list.cancel')}
      confirmLabel={t('list.confirmDelete')}
    />
  )
}

export default function SellerProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('products')
  const navigation = useNavigation()
  const format = useFormat()
  const { list, query, kycStatus } = loaderData
  if (!list || !query) return null
  const hidden = kycStatus !== 'Approved'
  const busy = navigation.state !== 'idle'

  return (
    <TabSection
      id="my-products"
      title={t('list.title')}
      count={list.total}
      action={
        <Button asChild size="sm">
          <Link to="/dashboard/products/new">{t('list.add')}</Link>
        </Button>
      }
    >
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <Label htmlFor="products-q">{t('list.search')}</Label>
          <Input id="products-q" name="q" type="search" defaultValue={query.q} maxLength={100} />
        </div>
        <SelectField id="products-status" label={t('list.status')} name="status" defaultValue={query.status} options={PRODUCT_LIST_STATUSES} optionLabel={(s) => t(`list.statuses.${s}`)} />
        <SelectField id="products-sort" label={t('list.sort')} name="sort" defaultValue={query.sort} options={PRODUCT_LIST_SORTS} optionLabel={(s) => t(`list.sorts.${s}`)} />
        <Button type="submit" variant="outline">
          <Search className="size-4" aria-hidden />
          {t('list.apply')}
        </Button>
      </Form>
      {list.items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
            <p className="font-medium">{query.q || query.status !== 'all' ? t('list.noMatches') : t('list.empty')}</p>
            {query.q || query.status !== 'all' ? null : (
              <Button asChild>
                <Link to="/dashboard/products/new">{t('list.add')}</Link>
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <DataTable
          rows={list.items}
          label={t('list.caption')}
          head={
            <>
              <TableHead className="p-3 font-bold">{t('list.columns.product')}</TableHead>
              <TableHead className="p-3 font-bold">{t('list.columns.price')}</TableHead>
              <TableHead className="p-3 font-bold text-right">{t('list.columns.stock')}</TableHead>
              <TableHead className="p-3 font-bold">{t('list.columns.status')}</TableHead>
              <TableHead className="p-3 font-bold text-right">{t('list.columns.views')}</TableHead>
              <TableHead className="p-3 font-bold">{t('list.columns.created')}</TableHead>
              <TableHead className="p-3 font-bold"><span className="sr-only">{t('list.columns.actions')}</span></TableHead>
            </>
          }
        >
          {(p) => (
            <TableRow key={p.id} data-testid="seller-product-row">
              <TableCell className="p-3">
                <div className="flex items-center gap-3">
                  <ProductImage src={p.image} alt="" className="size-12 shrink-0 rounded" />
                  <Link to={`/products/${p.id}`} className="font-medium hover:underline" lang={p.nameLanguage}>
                    {p.name}
                  </Link>
                </div>
              </TableCell>
              <TableCell className="p-3 whitespace-nowrap">
                <Price amount={p.price} currency={p.currency} />
                <span className="text-xs text-muted-foreground"> / {t(`units:short.${p.unit}`)}</span>
              </TableCell>
              <TableCell className="p-3 text-right whitespace-nowrap" data-testid="seller-product-stock">
                {format.count(p.stockQuantity)} {t(...unitText(p.unit, p.stockQuantity))}
                <span className="block text-xs text-muted-foreground">{t('list.moq', { quantity: `${format.count(p.minimumOrderQuantity)} ${t(...unitText(p.unit, p.minimumOrderQuantity))}` })}</span>
              </TableCell>
              <TableCell className="p-3">
                {!p.isActive ? (
                  <Badge variant="secondary">{t('list.statuses.inactive')}</Badge>
                ) : hidden ? (
                  <Badge variant="outline" title={t('list.hiddenHint')}>{t('list.hidden')}</Badge>
                ) : (
                  <Badge>{t('list.statuses.active')}</Badge>
                )}
              </TableCell>
              <TableCell className="p-3 text-right">{format.count(p.viewCount)}</TableCell>
              <TableCell className="p-3 whitespace-nowrap">{format.date(p.createdAt)}</TableCell>
              <TableCell className="p-3">
                <div className="flex flex-wrap justify-end gap-1">
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/dashboard/products/${p.id}/edit`}>
                      <Pencil className="size-4" aria-hidden />
                      {t('list.edit')}
                      <span className="sr-only">: {p.name}</span>
                    </Link>
                  </Button>
                  <Form method="post">
                    <input type="hidden" name="productId" value={p.id} />
                    <Button type="submit" name="intent" value={p.isActive ? 'deactivate' : 'activate'} variant="ghost" size="sm" disabled={busy}>
                      {p.isActive ? t('list.deactivate') : t('list.activate')}
                      <span className="sr-only">: {p.name}</span>
                    </Button>
                  </Form>
                  <DeleteButton id={p.id} name={p.name} />
                </div>
              </TableCell>
            </TableRow>
          )}
        </DataTable>
      )}
      <Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => hrefWith(query, { page })} />
    </TabSection>
  )
}
