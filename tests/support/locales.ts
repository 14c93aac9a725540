// The translations as the locale files hold them, for tests that check what a visitor reads.
import fs from 'node:fs'
import path from 'node:path'

/** The translation a visitor sees for `ns:dotted.key` in `lng`, read from public/locales. */
export function localeMessage(lng: string, key: string): string {
  const [ns, dotted] = key.split(':') as [string, string]
  let node: unknown = JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../public/locales/${lng}/${ns}.json`), 'utf8'))
  for (const part of dotted.split('.')) node = (node as Record<string, unknown>)[part]
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${lng}`)
  return node
}
