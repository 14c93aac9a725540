// A page as the server renders it for a reader: the route's component with the loader data a test got
// from the real loader, in a router stub, translated in `lng`. Returns the page's visible text (tags
// stripped, entities and spaces folded), for assertions on what a person reads.
import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { prerenderToNodeStream } from 'react-dom/static'
import { createRoutesStub, Outlet } from 'react-router'
import type { ReaderRates } from '~/lib/conversion'
import type { Language, Reader } from '~/lib/i18n'
import { createFixedInstance } from '~/lib/i18next.server'

/** The visible text of server-rendered HTML: tags dropped, the common entities decoded, spaces folded. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--.*?-->/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Renders `Component` at `path` with `loaderData` (what the route's loader answered) in `lng`; returns its visible text. */
export async function renderPageText(Component: ComponentType<never>, loaderData: unknown, path: string, lng: Language = 'en'): Promise<string> {
  const i18n = await createFixedInstance(lng)
  const Stub = createRoutesStub([{ path: path.split('?')[0]!, Component: () => createElement(Component, { loaderData, actionData: undefined, params: {}, matches: [] } as never) }])
  return visibleText(renderToString(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: [path] }))))
}

/** What the root loader hands every page that a component reads through useReader / useReaderRates (app/root.tsx). */
export type RootData = { reader: Reader; rates: ReaderRates }

/**
 * As renderPageText, under a root route whose loader data is `root` (the reader and the rates the
 * converted amounts use), and rendered to completion: the lazily loaded parts (components/reader-amount.tsx)
 * are in the text, as the server's streamed page has them.
 */
export async function renderPageTextWithRoot(Component: ComponentType<never>, loaderData: unknown, path: string, root: RootData, lng: Language = 'en'): Promise<string> {
  const i18n = await createFixedInstance(lng)
  const page = () => createElement(Component, { loaderData, actionData: undefined, params: {}, matches: [] } as never)
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: Outlet, children: [{ path: path.split('?')[0]!.slice(1), Component: page }] }])
  const { prelude } = await prerenderToNodeStream(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root } } })))
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  return visibleText(html)
}
