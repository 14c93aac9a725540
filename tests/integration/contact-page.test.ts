// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Issue 26 item 7: /contact shows the operator's contact details from configuration (CONTACT_* in the
// README), only those that are set; clearly marked demo stand-ins when the server runs with demo data
// and nothing is set; and a page that says so when there is nothing to show. Nothing is invented.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub, RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { env, resetEnvCache } from '~/lib/env.server'
import { SUPPORTED_LANGUAGES } from '~/lib/i18n'
import { createFixedInstance, i18nextMiddleware } from '~/lib/i18next.server'
import Contact, { loader } from '~/routes/public/contact'

const SETTINGS = ['CONTACT_EMAIL', 'CONTACT_PRIVACY_EMAIL', 'CONTACT_PHONE', 'CONTACT_ADDRESS', 'SEED_DEMO_DATA', 'APP_URL'] as const
const saved = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k]]))

/** Runs with exactly these settings (the others unset); demo data off unless said. */
function configure(settings: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const k of SETTINGS) delete process.env[k]
  Object.assign(process.env, { SEED_DEMO_DATA: 'false', ...settings })
  resetEnvCache()
}
afterEach(() => {
  for (const k of SETTINGS) {
    if (saved[k] === undefined) delete process.env[k]
    else process.env[k] = saved[k]
  }
  resetEnvCache()
})

/** The /contact page as the server renders it, in `lng`. */
async function renderContact(lng: (typeof SUPPORTED_LANGUAGES)[number] = 'en'): Promise<string> {
  const request = new Request(`http://localhost:3000/contact?lng=${lng}`)
  const context = new RouterContextProvider()
  let loaderData: Awaited<ReturnType<typeof loader>> | undefined
  await i18nextMiddleware({ request, context, params: {}, pattern: '' } as never, async () => {
    loaderData = await loader({ request, context, params: {} } as never)
    return new Response(null)
  })
  const i18n = await createFixedInstance(lng)
  const Stub = createRoutesStub([{ path: '/contact', Component: () => createElement(Contact, { loaderData } as never) }])
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: ['/contact'] })))
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ')

describe('/contact with the operator’s details configured', () => {
  it('shows each configured detail, as a link where it can be one', async () => {
    configure({
      CONTACT_EMAIL: 'help@trade-desk.in',
      CONTACT_PRIVACY_EMAIL: 'grievance@trade-desk.in',
      CONTACT_PHONE: '+91 22 4000 1234',
      CONTACT_ADDRESS: 'Trade Desk Pvt Ltd | 12 Marine Lines | Mumbai 400002 | India',
    })
    const html = await renderContact()
    expect(html).toContain('href="mailto:help@trade-desk.in"')
    expect(html).toContain('href="mailto:grievance@trade-desk.in"')
    expect(html).toContain('href="tel:+912240001234"')
    expect(html).toMatch(/<address[^>]*>.*Trade Desk Pvt Ltd.*12 Marine Lines.*Mumbai 400002.*India.*<\/address>/s)
    const shown = text(html)
    for (const heading of ['Email', 'Privacy and personal data', 'Phone', 'Postal address', 'Before you write']) expect(shown).toContain(heading)
    expect(shown).not.toContain('Demo contact details')
    expect(shown).not.toContain('No contact details published yet')
  })

  it('shows only what is configured: an email alone is one card, no phone, no address', async () => {
    configure({ CONTACT_EMAIL: 'help@trade-desk.in' })
    const html = await renderContact()
    expect(html).toContain('href="mailto:help@trade-desk.in"')
    expect(html).not.toContain('tel:')
    expect(html).not.toContain('<address')
    expect(html.match(/mailto:/g)).toHaveLength(1)
    expect(text(html)).not.toMatch(/Postal address|Privacy and personal data|Phone/)
  })

  it('never shows the demo stand-ins, even on a server with demo data', async () => {
    configure({ CONTACT_PHONE: '+7 495 000-00-00', SEED_DEMO_DATA: 'true' })
    const html = await renderContact()
    expect(html).toContain('href="tel:+74950000000"')
    expect(html).not.toContain('setu.example')
    expect(text(html)).not.toContain('Demo contact details')
  })
})

describe('/contact with nothing configured', () => {
  it('says no details are published, shows no address of any kind and no promise of a reply time', async () => {
    configure({ APP_URL: 'https://trade-desk.in' })
    const html = await renderContact()
    const shown = text(html)
    expect(shown).toContain('No contact details published yet')
    expect(html).not.toMatch(/mailto:|tel:|<address/)
    expect(html).not.toContain('data-testid="contact-channels"')
    expect(shown).not.toContain('Before you write')
    expect(shown).not.toMatch(/business day|Response time|Mumbai|Moscow|Opening hours/)
    // What is left still helps: the FAQ and the dispute steps.
    expect(html).toContain('href="/faq"')
    expect(html).toContain('href="/trade-instructions?tab=payment-legal"')
  })

  it('with demo data on, shows the marked demo stand-ins (reserved .example addresses) and nothing else', async () => {
    configure({ SEED_DEMO_DATA: 'true' })
    const html = await renderContact()
    const shown = text(html)
    expect(html).toContain('data-testid="contact-demo-notice"')
    expect(shown).toContain('Demo contact details')
    expect(shown).toContain('mail to them reaches nobody')
    expect(html).toContain('href="mailto:support@setu.example"')
    expect(html).not.toMatch(/tel:|<address/)
  })

  it.each(SUPPORTED_LANGUAGES)('is translated (%s)', async (lng) => {
    configure({})
    const none = text(await renderContact(lng))
    configure({ SEED_DEMO_DATA: 'true' })
    const demo = text(await renderContact(lng))
    configure({ CONTACT_EMAIL: 'help@trade-desk.in', CONTACT_PHONE: '+91 22 4000 1234', CONTACT_ADDRESS: 'Mumbai', CONTACT_PRIVACY_EMAIL: 'p@trade-desk.in' })
    const full = text(await renderContact(lng))
    for (const page of [none, demo, full]) expect(page).not.toMatch(/contact\.[a-z]+\.[a-z]/)
    if (lng !== 'en') {
      expect(none).not.toContain('No contact details published yet')
      expect(demo).not.toContain('Demo contact details')
      expect(full).not.toContain('Postal address')
    }
  })
})

describe('CONTACT_* settings', () => {
  it.each([
    ['CONTACT_EMAIL', 'not an address'],
    ['CONTACT_PRIVACY_EMAIL', 'privacy@'],
    ['CONTACT_PHONE', 'call us'],
    ['CONTACT_ADDRESS', Array.from({ length: 9 }, (_, i) => `line ${i}`).join('|')],
    ['CONTACT_ADDRESS', 'x'.repeat(121)],
  ] as const)('refuses a bad %s at start, naming it', (name, value) => {
    configure({ [name]: value })
    expect(() => env()).toThrow(name)
  })

  it('reads an empty setting as not configured', async () => {
    configure({ CONTACT_EMAIL: '  ', CONTACT_ADDRESS: ' | ' })
    expect(() => env()).toThrow('CONTACT_ADDRESS')
    configure({ CONTACT_EMAIL: '  ', CONTACT_PHONE: '' })
    expect(text(await renderContact())).toContain('No contact details published yet')
  })
})
