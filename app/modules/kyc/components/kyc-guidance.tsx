import { FileText } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Which documents are accepted, per country (spec §2 KYC upload). */
export function KycGuidance() {
  const { t } = useTranslation('kyc')
  return (
    <section aria-labelledby="kyc-guidance-title" className="rounded-lg border bg-muted/40 p-4 text-sm">
      <h2 id="kyc-guidance-title" className="mb-2 flex items-center gap-2 font-semibold">
        <FileText className="size-4" aria-hidden />
        {t('guidance.title')}
      </h2>
      <ul className="ml-5 list-disc space-y-1">
        <li>
          <span className="font-medium">{t('guidance.indiaLabel')}</span> {t('guidance.india')}
        </li>
        <li>
          <span className="font-medium">{t('guidance.russiaLabel')}</span> {t('guidance.russia')}
        </li>
      </ul>
      <p className="mt-2 text-muted-foreground">{t('guidance.formats')}</p>
    </section>
  )
}
