// Reads a stylesheet of the client build for AppStylesheet (app/components/app-stylesheet.tsx).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const cache = new Map<string, string | null>()

/**
 * The text of a built client asset named by its URL path ("/assets/app-….css"), read once and kept.
 * `clientDir` is the client build (build/client, beside build/server where this module is bundled).
 * Null when the file cannot be read: the page then links the stylesheet instead.
 */
export function readClientStylesheet(href: string, clientDir: string = defaultClientDir()): string | null {
  const key = `${clientDir}\0${href}`
  if (cache.has(key)) return cache.get(key)!
  let text: string | null = null
  const file = path.resolve(clientDir, `.${href}`)
  // Only a .css file inside the client build; the href comes from the build itself, this is a guard.
  if (href.startsWith('/') && file.startsWith(path.resolve(clientDir) + path.sep) && file.endsWith('.css')) {
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch {
      text = null
    }
  }
  cache.set(key, text)
  return text
}

function defaultClientDir(): string {
  return fileURLToPath(new URL('../client/', import.meta.url))
}

/**
 * What React writes for the text of a `<style>` element: `<style` and `</style` (any case) get their
 * "s" as a CSS escape, so the text cannot end the element early (react-dom/server's escapeStyleTextContent).
 */
export function escapeStyleText(css: string): string {
  return css.replace(/(<\/|<)(s)(tyle)/gi, (_match, prefix: string, s: string, suffix: string) => `${prefix}${s === 's' ? '\\73 ' : '\\53 '}${suffix}`)
}

/**
 * The stylesheet as one process-wide buffer, and the short text React renders in its place.
 *
 * React copied the stylesheet's 56 kB through every page it rendered: the text as a child of the
 * `<style>` element, escaped, encoded to UTF-8 and copied again into the page (issue 11, ADR 019).
 * React now renders `marker`, a CSS comment with a random token no page can know, and the HTML
 * stream (entry.server.tsx) puts `bytes`, the escaped text encoded once, in its place. The page's
 * bytes are the same as when React wrote the text itself.
 */
export type InlineStylesheet = { marker: string; markerBytes: Buffer; bytes: Buffer }

const prepared = new Map<string, InlineStylesheet | null>()

/** The inline form of a built stylesheet (see InlineStylesheet); null when it cannot be read. */
export function inlineStylesheet(href: string, clientDir: string = defaultClientDir()): InlineStylesheet | null {
  const key = `${clientDir}\0${href}`
  if (prepared.has(key)) return prepared.get(key)!
  const css = readClientStylesheet(href, clientDir)
  let sheet: InlineStylesheet | null = null
  if (css !== null) {
    const marker = `/*setu-inline-stylesheet-${randomBytes(12).toString('hex')}*/`
    sheet = { marker, markerBytes: Buffer.from(marker), bytes: Buffer.from(escapeStyleText(css), 'utf8') }
  }
  prepared.set(key, sheet)
  return sheet
}
