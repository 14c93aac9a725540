import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CERTIFICATIONS, CURRENCIES, INCOTERMS, PAYMENT_METHODS, PORTALS } from '../data'
import { RiskBadge } from './tables'

/** Certificates and registrations India–Russia traders meet most often. */
export function CertificationsList() {
  const { t } = useTranslation('trade')
  return (
    <dl className="grid gap-4 md:grid-cols-2">
      {CERTIFICATIONS.map((key) => (
        <div key={key} className="rounded-lg border bg-card p-5 shadow-sm">
          <dt className="font-semibold">{t(`certifications.items.${key}.name`)}</dt>
          <dd className="mt-2 text-sm leading-6 text-foreground/90">{t(`certifications.items.${key}.body`)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Official customs and trade portals, grouped by country, with their addresses shown. */
export function PortalsList() {
  const { t } = useTranslation('trade')
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {(Object.keys(PORTALS) as (keyof typeof PORTALS)[]).map((country) => (
        <div key={country}>
          <h4 className="mb-3 text-sm font-semibold uppercase tracking-wider text-muted-foreground">{t(`portals.${country}`)}</h4>
          <ul className="space-y-3">
            {PORTALS[country].map((portal) => (
              <li key={portal.key} className="rounded-lg border bg-card p-4 shadow-sm">
                <a
                  href={portal.url}
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {t(`portals.items.${portal.key}.name`)}
                  <ExternalLink className="size-3.5" aria-hidden />
                </a>
                <span className="ml-2 text-xs text-muted-foreground">{new URL(portal.url).host}</span>
                <p className="mt-1.5 text-sm leading-6 text-foreground/90">{t(`portals.items.${portal.key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

/** Currencies used in India–Russia trade. */
export function CurrenciesList() {
  const { t } = useTranslation('trade')
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {CURRENCIES.map((code) => (
        <div key={code} className="rounded-lg border bg-card p-4 shadow-sm">
          <dt className="font-semibold">{t(`currencies.items.${code}.name`)}</dt>
          <dd className="mt-1.5 text-sm leading-6 text-foreground/90">{t(`currencies.items.${code}.body`)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The Incoterms rules as short explanations. */
export function IncotermsList() {
  const { t } = useTranslation('trade')
  return (
    <dl className="divide-y rounded-lg border">
      {INCOTERMS.map((rule) => (
        <div key={rule.code} className="grid gap-1 p-4 sm:grid-cols-[11rem_1fr] sm:gap-4">
          <dt>
            <span className="font-mono font-bold">{rule.code}</span>
            <span className="block text-sm text-muted-foreground">{t(`incoterms.rules.${rule.code}.name`)}</span>
          </dt>
          <dd className="text-sm leading-6 text-foreground/90">{t(`incoterms.rules.${rule.code}.summary`)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Payment methods as short explanations with their risk for each side. */
export function PaymentMethodsList() {
  const { t } = useTranslation('trade')
  return (
    <dl className="grid gap-4 md:grid-cols-2">
      {PAYMENT_METHODS.map((method) => (
        <div key={method.key} className="rounded-lg border bg-card p-5 shadow-sm">
          <dt className="font-semibold">{t(`payments.methods.${method.key}.name`)}</dt>
          <dd className="mt-2 text-sm leading-6 text-foreground/90">
            <p>{t(`payments.methods.${method.key}.summary`)}</p>
            <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                {t('payments.columns.buyerRisk')}: <RiskBadge level={method.buyerRisk} />
              </span>
              <span className="inline-flex items-center gap-1.5">
                {t('payments.columns.sellerRisk')}: <RiskBadge level={method.sellerRisk} />
              </span>
            </p>
          </dd>
        </div>
      ))}
    </dl>
  )
}
