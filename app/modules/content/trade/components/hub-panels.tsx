import { ArrowRight, Ban, Plane, ShieldAlert, Ship, TrainFront } from 'lucide-react'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { tList, type TitledText } from '../content'
import { TRANSPORT_MODES } from '../data'
import { CertificationsList, CurrenciesList, IncotermsList, PaymentMethodsList, PortalsList } from './blocks'
import { TradeSubsection } from './layout'
import { BulletList, CheckList, StepList, TitledCards } from './lists'
import { RoutesTable } from './tables'

function PanelHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <header>
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <p className="mt-3 max-w-3xl leading-7 text-muted-foreground">{intro}</p>
    </header>
  )
}

function MoreLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline">
      {children} <ArrowRight className="size-4" aria-hidden />
    </Link>
  )
}

export function GettingStartedPanel() {
  const { t } = useTranslation('trade')
  return (
    <div className="flex flex-col gap-10">
      <PanelHeader title={t('hub.gettingStarted.title')} intro={t('hub.gettingStarted.intro')} />
      <StepList steps={tList<TitledText>(t, 'hub.gettingStarted.steps')} />
      <TradeSubsection title={t('hub.gettingStarted.checklistTitle')}>
        <div className="grid gap-4 md:grid-cols-2">
          {(['india', 'russia'] as const).map((side) => (
            <div key={side} className="rounded-lg border bg-card p-5 shadow-sm">
              <h4 className="mb-3 font-semibold">{t(`hub.gettingStarted.checklist.${side}.title`)}</h4>
              <CheckList items={tList(t, `hub.gettingStarted.checklist.${side}.items`)} />
            </div>
          ))}
        </div>
      </TradeSubsection>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/register">{t('shared.register')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/marketplace">{t('shared.browseMarketplace')}</Link>
        </Button>
      </div>
    </div>
  )
}

export function ProductGuidelinesPanel() {
  const { t } = useTranslation('trade')
  return (
    <div className="flex flex-col gap-10">
      <PanelHeader title={t('hub.productGuidelines.title')} intro={t('hub.productGuidelines.intro')} />
      <TradeSubsection title={t('hub.productGuidelines.listing.title')}>
        <BulletList items={tList(t, 'hub.productGuidelines.listing.items')} />
      </TradeSubsection>
      <TradeSubsection title={t('certifications.title')}>
        <p className="mb-4 leading-7 text-muted-foreground">{t('certifications.intro')}</p>
        <CertificationsList />
      </TradeSubsection>
      <TradeSubsection title={t('hub.productGuidelines.labelling.title')}>
        <BulletList items={tList(t, 'hub.productGuidelines.labelling.items')} />
      </TradeSubsection>
      <TradeSubsection title={t('hub.productGuidelines.prohibited.title')}>
        <p className="mb-4 leading-7">{t('hub.productGuidelines.prohibited.intro')}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="rounded-lg border border-red-200 bg-red-50/60 p-5">
            <h4 className="mb-3 flex items-center gap-2 font-semibold text-red-900">
              <Ban className="size-4" aria-hidden />
              {t('hub.productGuidelines.prohibited.bannedTitle')}
            </h4>
            <BulletList items={tList(t, 'hub.productGuidelines.prohibited.banned')} className="text-sm leading-6" />
          </div>
          <div className="rounded-lg border border-amber-200 bg-amber-50/60 p-5">
            <h4 className="mb-3 flex items-center gap-2 font-semibold text-amber-900">
              <ShieldAlert className="size-4" aria-hidden />
              {t('hub.productGuidelines.prohibited.restrictedTitle')}
            </h4>
            <BulletList items={tList(t, 'hub.productGuidelines.prohibited.restricted')} className="text-sm leading-6" />
          </div>
        </div>
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm leading-6 text-amber-900">
          {t('hub.productGuidelines.prohibited.sanctions')}
        </p>
      </TradeSubsection>
      <div>
        <Button asChild>
          <Link to="/marketplace">{t('shared.browseMarketplace')}</Link>
        </Button>
      </div>
    </div>
  )
}

export function DocumentationPanel() {
  const { t } = useTranslation('trade')
  return (
    <div className="flex flex-col gap-8">
      <PanelHeader title={t('hub.documentation.title')} intro={t('hub.documentation.intro')} />
      <TitledCards items={tList<TitledText>(t, 'hub.documentation.items')} />
      <MoreLink to="/trade-instructions/documentation">{t('shared.deeper.documentation.link')}</MoreLink>
    </div>
  )
}

const MODE_ICONS = { sea: Ship, rail: TrainFront, air: Plane } as const

export function CustomsLogisticsPanel() {
  const { t } = useTranslation('trade')
  return (
    <div className="flex flex-col gap-10">
      <PanelHeader title={t('hub.customsLogistics.title')} intro={t('hub.customsLogistics.intro')} />
      <TradeSubsection title={t('routes.title')}>
        <p className="mb-4 leading-7 text-muted-foreground">{t('routes.intro')}</p>
        <ul className="mb-6 grid gap-4 sm:grid-cols-3">
          {TRANSPORT_MODES.map((mode) => {
            const Icon = MODE_ICONS[mode]
            return (
              <li key={mode} className="flex items-center gap-3 rounded-lg border bg-card p-4 shadow-sm">
                <Icon className="size-7 shrink-0 text-primary" aria-hidden />
                <p>
                  <span className="block text-sm font-medium text-muted-foreground">{t(`routes.modes.${mode}.name`)}</span>
                  <span className="block text-lg font-bold" data-testid={`transit-${mode}`}>
                    {t(`routes.modes.${mode}.transit`)}
                  </span>
                </p>
              </li>
            )
          })}
        </ul>
        <RoutesTable compact />
      </TradeSubsection>
      <TradeSubsection title={t('portals.title')}>
        <p className="mb-4 leading-7 text-muted-foreground">{t('portals.intro')}</p>
        <PortalsList />
      </TradeSubsection>
      <TradeSubsection title={t('hub.customsLogistics.hsCodes.title')}>
        <p className="leading-7">{t('hub.customsLogistics.hsCodes.body')}</p>
      </TradeSubsection>
      <TradeSubsection title={t('hub.customsLogistics.clearance.title')}>
        <BulletList items={tList(t, 'hub.customsLogistics.clearance.items')} />
      </TradeSubsection>
      <MoreLink to="/trade-instructions/logistics">{t('shared.deeper.logistics.link')}</MoreLink>
    </div>
  )
}

export function PaymentLegalPanel() {
  const { t } = useTranslation('trade')
  return (
    <div className="flex flex-col gap-10">
      <PanelHeader title={t('hub.paymentLegal.title')} intro={t('hub.paymentLegal.intro')} />
      <TradeSubsection title={t('incoterms.title')}>
        <p className="mb-4 leading-7 text-muted-foreground">{t('incoterms.intro')}</p>
        <IncotermsList />
      </TradeSubsection>
      <TradeSubsection title={t('currencies.title')}>
        <p className="mb-4 leading-7 text-muted-foreground">{t('currencies.intro')}</p>
        <CurrenciesList />
      </TradeSubsection>
      <TradeSubsection title={t('hub.paymentLegal.srva.title')}>
        <p className="leading-7">{t('hub.paymentLegal.srva.body')}</p>
      </TradeSubsection>
      <TradeSubsection title={t('payments.title')}>
        <p className="mb-4 leading-7 text-muted-foreground">{t('payments.intro')}</p>
        <PaymentMethodsList />
      </TradeSubsection>
      <TradeSubsection title={t('hub.paymentLegal.disputes.title')}>
        <p className="mb-6 leading-7 text-muted-foreground">{t('hub.paymentLegal.disputes.intro')}</p>
        <StepList steps={tList<TitledText>(t, 'hub.paymentLegal.disputes.steps')} headingLevel={4} />
      </TradeSubsection>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <MoreLink to="/trade-instructions/payment">{t('shared.deeper.payment.link')}</MoreLink>
        <MoreLink to="/trade-instructions/logistics">{t('shared.deeper.logistics.link')}</MoreLink>
      </div>
    </div>
  )
}
