// Reads a stylesheet of the client build for AppStylesheet (app/components/app-stylesheet.tsx).
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
