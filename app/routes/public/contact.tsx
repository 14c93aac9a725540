import { Building2, FlaskConical, Info, Mail, Phone, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/contact'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { contactDetails } from '~/lib/env.server'
import { ContentSection, listOf, PageBody, PageHero, pageMeta, Prose, RichText } from '~/modules/content'
import { loadPageMeta } from '~/modules/content/index.server'

// The operator's contact details come from configuration (CONTACT_* in the README): what is not
// configured is not shown; the demo shows marked stand-ins; nothing is invented (issue 26 item 7).
export async function loader({ request, context }: Route.LoaderArgs) {
  const meta = await loadPageMeta(request, context, 'contact')
  return { ...meta, contact: contactDetails() }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData, '/contact')

/** A phone number as a tel: link target: the digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`

function Channel({ icon: Icon, title, body, children }: { icon: typeof Mail; title: string; body?: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-accent text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <h3 className="font-semibold">{title}</h3>
      </div>
      {body ? <p className="text-sm leading-6 text-muted-foreground">{body}</p> : null}
      {children}
    </li>
  )
}

const LINK = 'inline-flex items-center gap-2 break-all font-medium text-primary underline-offset-4 hover:underline'

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages')
  const { source, details } = loaderData.contact
  const { email, privacyEmail, phone, address } = details
  return (
    <>
      <PageHero eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <PageBody>
        <ContentSection id="reach-us" title={t('contact.channels.title')}>
          {source === 'demo' ? (
            <Alert variant="warning" role="note" className="mb-4" data-testid="contact-demo-notice">
              <FlaskConical className="size-4" aria-hidden />
              <AlertTitle>{t('contact.demo.title')}</AlertTitle>
              <AlertDescription>
                <p>{t('contact.demo.body')}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          {source === 'none' ? (
            <Alert variant="info" role="note" data-testid="contact-none">
              <Info className="size-4" aria-hidden />
              <AlertTitle>{t('contact.none.title')}</AlertTitle>
              <AlertDescription>
                <p>
                  <RichText text={t('contact.none.body')} />
                </p>
              </AlertDescription>
            </Alert>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="contact-channels" data-source={source}>
              {email ? (
                <Channel icon={Mail} title={t('contact.channels.email.title')} body={t('contact.channels.email.body')}>
                  <a href={`mailto:${email}`} className={LINK}>
                    <Mail className="size-4 shrink-0" aria-hidden />
                    {email}
                  </a>
                </Channel>
              ) : null}
              {privacyEmail ? (
                <Channel icon={ShieldCheck} title={t('contact.channels.privacy.title')} body={t('contact.channels.privacy.body')}>
                  <a href={`mailto:${privacyEmail}`} className={LINK}>
                    <Mail className="size-4 shrink-0" aria-hidden />
                    {privacyEmail}
                  </a>
                </Channel>
              ) : null}
              {phone ? (
                <Channel icon={Phone} title={t('contact.channels.phone.title')}>
                  <a href={telHref(phone)} className={LINK}>
                    <Phone className="size-4 shrink-0" aria-hidden />
                    {phone}
                  </a>
                </Channel>
              ) : null}
              {address ? (
                <Channel icon={Building2} title={t('contact.channels.address.title')}>
                  <address className="text-sm not-italic leading-6">
                    {address.map((line, i) => (
                      <span key={i} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                </Channel>
              ) : null}
            </ul>
          )}
        </ContentSection>

        <ContentSection id="disputes" title={t('contact.disputes.title')}>
          <Alert variant="info" role="note">
            <p className="text-sm leading-6">
              <RichText text={t('contact.disputes.body')} />
            </p>
          </Alert>
        </ContentSection>

        {email || privacyEmail ? (
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
        ) : null}
      </PageBody>
    </>
  )
}
