import { Building2, Clock, Handshake, LifeBuoy, Mail, ShieldCheck, UserCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/contact'
import { Alert } from '~/components/ui/alert'
import { listOf } from '~/modules/content/pages/content'
import { CONTACT_EMAILS } from '~/modules/content/pages/links'
import { pageMeta } from '~/modules/content/pages/meta'
import { loadPageMeta } from '~/modules/content/pages/meta.server'
import { PageHero } from '~/modules/content/pages/page-hero'
import { ContentSection, PageBody, Prose } from '~/modules/content/pages/prose'
import { RichText } from '~/modules/content/pages/rich-text'

export const loader = ({ request, context }: Route.LoaderArgs) => loadPageMeta(request, context, 'contact')

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/contact')

const CHANNELS = [
  { key: 'support', email: CONTACT_EMAILS.support, icon: LifeBuoy },
  { key: 'kyc', email: CONTACT_EMAILS.kyc, icon: UserCheck },
  { key: 'partnerships', email: CONTACT_EMAILS.partnerships, icon: Handshake },
  { key: 'privacy', email: CONTACT_EMAILS.privacy, icon: ShieldCheck },
] as const

const OFFICES = ['mumbai', 'moscow'] as const

export default function Contact() {
  const { t } = useTranslation('pages')
  return (
    <>
      <PageHero eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <PageBody>
        <ContentSection id="email" title={t('contact.channels.title')}>
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="contact-channels">
            {CHANNELS.map(({ key, email, icon: Icon }) => (
              <li key={key} className="flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 items-center justify-center rounded-full bg-accent text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="font-semibold">{t(`contact.channels.${key}.title`)}</h3>
                </div>
                <p className="text-sm leading-6 text-muted-foreground">{t(`contact.channels.${key}.body`)}</p>
                <a
                  href={`mailto:${email}`}
                  className="inline-flex items-center gap-2 break-all font-medium text-primary underline-offset-4 hover:underline"
                >
                  <Mail className="size-4 shrink-0" aria-hidden />
                  {email}
                </a>
                <p className="mt-auto flex items-center gap-2 text-xs text-muted-foreground">
                  <Clock className="size-3.5 shrink-0" aria-hidden />
                  <span>
                    {t('contact.channels.responseLabel')}: {t(`contact.channels.${key}.response`)}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </ContentSection>

        <ContentSection id="offices" title={t('contact.offices.title')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {OFFICES.map((office) => (
              <article key={office} aria-labelledby={`office-${office}`} className="rounded-lg border p-5">
                <h3 id={`office-${office}`} className="flex items-center gap-2 font-semibold">
                  <Building2 className="size-5 text-primary" aria-hidden />
                  {t(`contact.offices.${office}.name`)}
                </h3>
                <address className="mt-3 text-sm not-italic leading-6">
                  {listOf(t, `contact.offices.${office}.address`).map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <dl className="mt-4 space-y-2 text-sm">
                  <div>
                    <dt className="font-medium">{t('contact.offices.hoursLabel')}</dt>
                    <dd className="text-muted-foreground">{t(`contact.offices.${office}.hours`)}</dd>
                  </div>
                  <div>
                    <dt className="font-medium">{t('contact.offices.languagesLabel')}</dt>
                    <dd className="text-muted-foreground">{t(`contact.offices.${office}.languages`)}</dd>
                  </div>
                </dl>
              </article>
            ))}
          </div>
          <Prose className="mt-4 text-sm text-muted-foreground">
            <p>{t('contact.offices.overlap')}</p>
            <p>{t('contact.offices.note')}</p>
          </Prose>
        </ContentSection>

        <ContentSection id="disputes" title={t('contact.disputes.title')}>
          <Alert variant="info" role="note">
            <p className="text-sm leading-6">
              <RichText text={t('contact.disputes.body')} />
            </p>
          </Alert>
        </ContentSection>

        <ContentSection id="before-you-write" title={t('contact.before.title')}>
          <Prose>
            <ul>
              {listOf(t, 'contact.before.items').map((item, i) => (
                <li key={i}>
                  <RichText text={item} />
                </li>
              ))}
            </ul>
          </Prose>
        </ContentSection>
      </PageBody>
    </>
  )
}
