import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/product-new'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { enforceLimit, limitAnswer } from '~/lib/rate-limit.server'
import { listCategoryOptions } from '~/modules/catalog/index.server'
import { parseProductForm, ProductForm, ProductFormPage, SellerRequired } from '~/modules/products'
import { createProduct, originCountryOptions, requireSeller, sellerGate } from '~/modules/products/index.server'

// Create product (spec §2 'Create New Product', §5 Product form, issue 7 item 2).
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [i18n, gate] = await Promise.all([getI18n(request, context), sellerGate(request)])
  const page = { locale, origin: publicOrigin(request), title: i18n.t('products:new.title'), description: i18n.t('products:new.description') }
  if (gate.state !== 'seller') return { ...page, seller: false as const, categories: [], countries: [], kycStatus: null }
  return { ...page, seller: true as const, categories: await listCategoryOptions(locale), countries: originCountryOptions(locale), kycStatus: gate.seller.kycStatus }
}

export const meta: Route.MetaFunction = noindexMeta('/dashboard/products/new')

export async function action({ request }: Route.ActionArgs) {
  const seller = await requireSeller(request)
  const parsed = parseProductForm((await readForm(request)).entries())
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  // Counted once the form is valid, before anything is written (issue 26 item 9).
  const limit = await enforceLimit('productCreate', seller.id)
  if (!limit.ok) return limitAnswer(limit)
  const saved = await createProduct(seller.id, parsed.value)
  if (!saved.ok) return data({ fieldErrors: saved.fieldErrors }, { status: 400 })
  return redirectWithToast(request, `/products/${saved.id}`, { type: 'success', key: 'products:new.success' })
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('products')
  if (!loaderData.seller) return <SellerRequired />
  return (
    <ProductFormPage title={t('new.title')} description={loaderData.kycStatus === 'Approved' ? t('new.description') : t('new.hiddenUntilKyc')}>
      <ProductForm categories={loaderData.categories} countries={loaderData.countries} answer={actionData} submitLabel={t('new.submit')} submittingLabel={t('new.submitting')} />
    </ProductFormPage>
  )
}
