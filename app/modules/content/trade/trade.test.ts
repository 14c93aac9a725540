// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The trade instructions section: tab parsing, the translations' completeness and facts, SSR of the
// linkable tab, and the loaders' SEO data in every language.
import fs from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TradeTabs } from './components/trade-tabs'
import { CERTIFICATIONS, CURRENCIES, DOC_FLOWS, DOC_SIDES, INCOTERMS, PAYMENT_METHODS, PORTALS, TRANSPORT_MODES } from './data'
import { onlyTabChanged, parseTradeTab, searchWithTab, TRADE_TABS } from './tabs'
import { SUPPORTED_LANGUAGES } from '~/lib/i18n'
import { createFixedInstance } from '~/lib/i18next.server'
import { seoMeta } from '~/lib/seo'
import { loader as documentationLoader } from '~/routes/public/trade-documentation'
import { loader as hubLoader } from '~/routes/public/trade-instructions'
import { loader as logisticsLoader } from '~/routes/public/trade-logistics'
import { loader as paymentLoader } from '~/routes/public/trade-payment'
import { itReturnsTranslatedSeo, withPublicOrigin, type SeoPage } from '../../../../tests/support/page-seo'
import { runLoader } from '../../../../tests/support/run-loader'

type Json = string | number | boolean | null | Json[] | { [k: string]: Json }
const LOCALES = path.resolve(__dirname, '../../../../public/locales')
const load = (lng: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'trade.json'), 'utf8')) as Record<string, Json>

/** The value at a dotted path, or undefined. */
function at(obj: Json, key: string): Json | undefined {
  let node: Json | undefined = obj
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = Array.isArray(node) ? node[Number(part)] : node[part]
  }
  return node
}

withPublicOrigin()

describe('trade tabs', () => {
  it('accepts the five tab slugs and falls back to Getting Started for anything else', () => {
    expect(TRADE_TABS.map((t) => t.slug)).toEqual(['getting-started', 'product-guidelines', 'documentation', 'customs-logistics', 'payment-legal'])
    for (const { slug } of TRADE_TABS) expect(parseTradeTab(slug)).toBe(slug)
    expect(parseTradeTab('payments')).toBe('getting-started')
    expect(parseTradeTab('')).toBe('getting-started')
    expect(parseTradeTab(null)).toBe('getting-started')
    expect(parseTradeTab(['documentation'])).toBe('getting-started')
  })

  it('keeps other parameters when switching and drops ?tab= for the default tab', () => {
    const current = new URLSearchParams('lng=ru&tab=documentation')
    expect(searchWithTab(current, 'payment-legal').toString()).toBe('lng=ru&tab=payment-legal')
    expect(searchWithTab(current, 'getting-started').toString()).toBe('lng=ru')
    expect(current.toString()).toBe('lng=ru&tab=documentation')
  })

  it('skips revalidation only when nothing but the tab changed', () => {
    const u = (s: string) => new URL(s, 'http://setu.test')
    expect(onlyTabChanged(u('/trade-instructions?lng=hi'), u('/trade-instructions?lng=hi&tab=documentation'))).toBe(true)
    expect(onlyTabChanged(u('/trade-instructions?tab=documentation'), u('/trade-instructions'))).toBe(true)
    expect(onlyTabChanged(u('/trade-instructions?tab=documentation'), u('/trade-instructions?lng=ru&tab=documentation'))).toBe(false)
    expect(onlyTabChanged(u('/trade-instructions'), u('/trade-instructions/payment'))).toBe(false)
  })
})

describe('trade.json', () => {
  const en = load('en')

  for (const lng of SUPPORTED_LANGUAGES) {
    describe(lng, () => {
      const doc = load(lng)
      const text = (key: string) => {
        const value = at(doc, key)
        return typeof value === 'string' ? value : undefined
      }

      it('states the transit times exactly: sea 30-45, rail 15-20, air 3-7 days', () => {
        expect(text('routes.modes.sea.transit')).toMatch(/^30-45 \S+$/)
        expect(text('routes.modes.rail.transit')).toMatch(/^15-20 \S+$/)
        expect(text('routes.modes.air.transit')).toMatch(/^3-7 \S+$/)
        const answer = (at(doc, 'faq.items') as { a: string }[])[2]!.a
        for (const range of ['30-45', '15-20', '3-7']) expect(answer).toContain(range)
      })

      it('translates every item the pages render from data.ts', () => {
        const missing: string[] = []
        const need = (key: string) => {
          if (!text(key)?.trim()) missing.push(key)
        }
        for (const { key } of TRADE_TABS) need(`hub.tabs.${key}`)
        for (const mode of TRANSPORT_MODES) for (const f of ['name', 'transit', 'route', 'hubs', 'document', 'bestFor']) need(`routes.modes.${mode}.${f}`)
        for (const rule of INCOTERMS) {
          for (const f of ['name', 'summary', 'risk']) need(`incoterms.rules.${rule.code}.${f}`)
          need(`incoterms.modes.${rule.modes}`)
          need(`incoterms.insurance.${rule.insurance}`)
        }
        for (const m of PAYMENT_METHODS) {
          for (const f of ['name', 'summary', 'cost', 'speed', 'fits']) need(`payments.methods.${m.key}.${f}`)
          need(`levels.${m.buyerRisk}`)
          need(`levels.${m.sellerRisk}`)
        }
        for (const c of CURRENCIES) for (const f of ['name', 'body']) need(`currencies.items.${c}.${f}`)
        for (const c of CERTIFICATIONS) for (const f of ['name', 'body']) need(`certifications.items.${c}.${f}`)
        for (const p of Object.values(PORTALS).flat()) for (const f of ['name', 'body']) need(`portals.items.${p.key}.${f}`)
        for (const flow of DOC_FLOWS) {
          for (const side of DOC_SIDES) {
            const rows = at(doc, `documentation.flows.${flow}.${side}.rows`)
            if (!Array.isArray(rows) || rows.length === 0) missing.push(`documentation.flows.${flow}.${side}.rows`)
            else
              rows.forEach((row, i) => {
                for (const f of ['document', 'issuer', 'needed', 'notes']) need(`documentation.flows.${flow}.${side}.rows.${i}.${f}`)
              })
          }
        }
        expect(missing).toEqual([])
      })

      it('has 6 to 10 FAQ entries, each with a question and an answer', () => {
        const items = at(doc, 'faq.items') as { q: string; a: string }[]
        expect(items.length).toBeGreaterThanOrEqual(6)
        expect(items.length).toBeLessThanOrEqual(10)
        expect(items.length).toBe((at(en, 'faq.items') as Json[]).length)
        for (const item of items) {
          expect(item.q.trim().length).toBeGreaterThan(5)
          expect(item.a.trim().length).toBeGreaterThan(40)
        }
      })
    })
  }

  it('keeps the codes customs officers expect in Latin script in every language', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const doc = JSON.stringify(load(lng))
      for (const term of ['IEC', 'EAC', 'ICEGATE', 'SRVA', 'SCOMET', 'FCA', 'DDP', 'UCP 600']) expect(doc, `${lng}: ${term}`).toContain(term)
    }
  })

  it('points portals at the official sites over HTTPS', () => {
    const portals = Object.values(PORTALS).flat()
    expect(portals.map((p) => new URL(p.url).host)).toEqual([
      'www.icegate.gov.in',
      'www.dgft.gov.in',
      'www.cbic.gov.in',
      'customs.gov.ru',
      'lk.customs.gov.ru',
      'pub.fsa.gov.ru',
    ])
    for (const p of portals) expect(p.url.startsWith('https://')).toBe(true)
  })
})

describe('linkable tabs', () => {
  async function renderTabs(url: string, lng: 'en' | 'ru' | 'hi' = 'en') {
    const i18n = await createFixedInstance(lng)
    const Stub = createRoutesStub([
      { path: '/trade-instructions', Component: () => createElement(TradeTabs, { initialTab: parseTradeTab(new URL(url, 'http://x').searchParams.get('tab')) }) },
    ])
    return renderToString(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: [url] })))
  }

  it('renders the tab named in ?tab= as the selected one on the server', async () => {
    const html = await renderTabs('/trade-instructions?tab=customs-logistics')
    const selected = [...html.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>([^<]*)</g)].map((m) => m[1])
    expect(selected).toEqual(['Customs &amp; Logistics'])
    // The active panel: from its opening tag (attributes in any order) to the next panel.
    const open = /<div(?=[^>]*role="tabpanel")(?=[^>]*data-state="active")[^>]*>/.exec(html)
    expect(open).not.toBeNull()
    const rest = html.slice(open!.index + open![0].length)
    const active = rest.slice(0, rest.search(/<div[^>]*role="tabpanel"/))
    expect(active).toContain('30-45 days')
    expect(active).toContain('Nhava Sheva')
  })

  it('shows Getting Started for a missing or unknown tab, in the requested language', async () => {
    for (const url of ['/trade-instructions', '/trade-instructions?tab=nonsense']) {
      const html = await renderTabs(url, 'ru')
      const selected = [...html.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>([^<]*)</g)].map((m) => m[1])
      expect(selected).toEqual(['С чего начать'])
    }
  })

  it('puts all five panels in the HTML, hiding the inactive ones', async () => {
    const html = await renderTabs('/trade-instructions?tab=documentation', 'hi')
    expect(html.match(/role="tabpanel"/g)).toHaveLength(5)
    expect(html.match(/data-state="inactive"[^>]*role="tabpanel"|role="tabpanel"[^>]*data-state="inactive"/g)).toHaveLength(4)
    expect(html).toContain('दस्तावेज़ीकरण')
  })
})

describe('trade page loaders', () => {
  const pages = [
    ['/trade-instructions', hubLoader, 'Trade Instructions', 'Инструкции по торговле', 'व्यापार निर्देश'],
    ['/trade-instructions/documentation', documentationLoader, 'Documentation checklist for India–Russia trade', 'Перечень документов для торговли Индия — Россия', 'भारत–रूस व्यापार के लिए दस्तावेज़ों की चेकलिस्ट'],
    ['/trade-instructions/payment', paymentLoader, 'Payments and currencies for India–Russia trade', 'Платежи и валюты в торговле Индия — Россия', 'भारत–रूस व्यापार में भुगतान और मुद्राएँ'],
    ['/trade-instructions/logistics', logisticsLoader, 'Routes, transit times and Incoterms for India–Russia trade', 'Маршруты, сроки доставки и Инкотермс в торговле Индия — Россия', 'भारत–रूस व्यापार के मार्ग, पारगमन समय और Incoterms'],
  ] as const satisfies readonly SeoPage[]

  itReturnsTranslatedSeo(pages, { meta: (data, pathname) => seoMeta({ ...data, path: pathname }), minDescription: 80 })

  it('the hub reads ?tab= and returns the FAQ for structured data', async () => {
    expect((await runLoader(hubLoader, 'http://setu.test/trade-instructions?tab=payment-legal')).tab).toBe('payment-legal')
    expect((await runLoader(hubLoader, 'http://setu.test/trade-instructions?tab=%3Cscript%3E')).tab).toBe('getting-started')
    const data = await runLoader(hubLoader, 'http://setu.test/trade-instructions?lng=ru')
    expect(data.faq.length).toBeGreaterThanOrEqual(6)
    expect(data.faq[0]).toEqual({ q: 'Нужен ли IEC, чтобы покупать или продавать в Setu?', a: expect.stringContaining('DGFT') })
  })
})
