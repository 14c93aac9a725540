import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/product-edit'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { listCategoryOptions } from '~/modules/catalog/index.server'
import { parseProductForm, ProductForm, ProductFormPage, SellerRequired } from '~/modules/products'
import { getEditableProduct, originCountryOptions, requireSeller, sellerGate, updateProduct } from '~/modules/products/index.server'

// Edit product (issue 7 item 4): the create form filled in; only the owner may open or change it,
// anyone else gets the 404 page and nothing is written.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [i18n, gate] = await Promise.all([getI18n(request, context), sellerGate(request)])
  const page = { locale, origin: publicOrigin(request), title: i18n.t('products:edit.title'), description: i18n.t('products:edit.description') }
  if (gate.state !== 'seller') return { ...page, seller: false as const, categories: [], countries: [], product: null }
  const product = await getEditableProduct(gate.seller.id, params.id)
  if (!product) throw data(null, { status: 404 })
  return { ...page, seller: true as const, categories: await listCategoryOptions(locale), countries: originCountryOptions(locale), product }
}

export const meta: Route.MetaFunction = noindexMeta('/dashboard/products')

export async function action({ request, params }: Route.ActionArgs) {
  const seller = await requireSeller(request)
  const parsed = parseProductForm((await readForm(request)).entries())
  // Ownership first: a forged or foreign id is a 404 whatever the form holds.
  if (!(await getEditableProduct(seller.id, params.id))) throw data(null, { status: 404 })
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const saved = await updateProduct(seller.id, params.id, parsed.value)
  if (!saved) throw data(null, { status: 404 })
  if (!saved.ok) return data({ fieldErrors: saved.fieldErrors }, { status: 400 })
  return redirectWithToast(request, '/dashboard/products', { type: 'success', key: 'products:edit.success' })
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('products')
  if (!loaderData.seller || !loaderData.product) return <SellerRequired />
  return (
    <ProductFormPage title={t('edit.title')} description={t('edit.description')}>
      <ProductForm
        key={loaderData.product.id}
        categories={loaderData.categories}
        countries={loaderData.countries}
        initial={loaderData.product}
        answer={actionData}
        submitLabel={t('edit.submit')}
        submittingLabel={t('edit.submitting')}
      />
    </ProductFormPage>
  )
}
