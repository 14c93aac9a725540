import { ArrowLeft } from 'lucide-react'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'

/** The frame of the create and edit product pages: the way back to My Products, the heading, then the form. */
export function ProductFormPage({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const { t } = useTranslation('products')
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/dashboard/products">
          <ArrowLeft className="size-4" aria-hidden />
          {t('form.back')}
        </Link>
      </Button>
      <PageHeader title={title} description={description} />
      {children}
    </div>
  )
}
