// The public pages' SEO data as the content tests check it: the loaders run against a fixed public
// origin, and each page's title, description and canonical link come out in every language.
import type { MetaDescriptor } from 'react-router'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runLoader, type AnyLoader } from './run-loader'
import { resetEnvCache } from '~/lib/env.server'

export const TEST_ORIGIN = 'http://setu.test'

/** For the calling test file: APP_URL is TEST_ORIGIN (the loaders build canonical links from it, as a real deployment sets it), restored afterwards. */
export function withPublicOrigin() {
  const saved = process.env.APP_URL
  beforeAll(() => {
    process.env.APP_URL = TEST_ORIGIN
    resetEnvCache()
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.APP_URL
    else process.env.APP_URL = saved
    resetEnvCache()
  })
}

export type SeoData = { origin: string; locale: string; title: string; description: string }

/** A page's path, its loader and its title in English, Russian and Hindi. */
export type SeoPage = readonly [pathname: string, loader: AnyLoader, en: string, ru: string, hi: string]

/**
 * One test per page: in each language its loader returns the origin, the language and the title, a
 * description longer than `minDescription` characters, and `meta` makes the title and canonical link of them.
 */
export function itReturnsTranslatedSeo(
  pages: readonly SeoPage[],
  { meta, minDescription }: { meta: (data: SeoData, pathname: string) => MetaDescriptor[]; minDescription: number },
) {
  for (const [pathname, loader, enTitle, ruTitle, hiTitle] of pages) {
    it(`${pathname} returns translated SEO data in each language`, async () => {
      for (const [lng, title] of [['en', enTitle], ['ru', ruTitle], ['hi', hiTitle]] as const) {
        const data = (await runLoader(loader, `${TEST_ORIGIN}${pathname}?lng=${lng}`)) as SeoData
        expect({ origin: data.origin, locale: data.locale, title: data.title }).toEqual({ origin: TEST_ORIGIN, locale: lng, title })
        expect(data.description.length).toBeGreaterThan(minDescription)
        const tags = meta(data, pathname)
        expect(tags).toContainEqual({ title: `${title} | Setu` })
        expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${TEST_ORIGIN}${pathname}${lng === 'en' ? '' : `?lng=${lng}`}` })
      }
    })
  }
}
