/**
 * Translations for the informational pages may mark inline links and emphasis with named tags,
 * e.g. "See the <terms>Terms of Service</terms>." Tags are flat (no nesting, no attributes), so
 * translators cannot break the markup in ways a full HTML parser would have to forgive.
 */
export type RichNode = string | { tag: string; text: string }

const TAG = /<([a-zA-Z][a-zA-Z0-9]*)>([^<]*)<\/\1>/g

/** Splits a translated string into plain text and tagged runs. */
export function parseRichText(text: string): RichNode[] {
  const nodes: RichNode[] = []
  let last = 0
  for (const match of text.matchAll(TAG)) {
    const index = match.index ?? 0
    if (index > last) nodes.push(text.slice(last, index))
    nodes.push({ tag: match[1]!, text: match[2]! })
    last = index + match[0].length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return nodes
}

/** The text without its tags, for places that take plain text (meta tags, structured data). */
export function stripRichText(text: string): string {
  return parseRichText(text)
    .map((node) => (typeof node === 'string' ? node : node.text))
    .join('')
}
