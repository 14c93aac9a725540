// `npm run fonts:subset`: writes app/fonts/inter-currency-wght-normal.woff2, the two currency signs
// the catalog prints (₹ U+20B9, ₽ U+20BD) cut from Inter's variable Latin Extended file.
//
// Inter keeps those signs in its Latin Extended subset, an 86 kB file that every English page
// downloaded for one ₹ in a price (issue #11: fonts compete with the page for a slow connection and
// count towards Lighthouse's paint metrics). app/fonts.css takes the two signs out of that subset's
// unicode-range and serves them from this 1.5 kB file instead, with the weight axis kept. The output is
// deterministic and committed. `node scripts/subset-fonts.mjs --check` exits 1 when the committed file
// no longer matches what this script builds (tests/integration/fonts.test.ts runs it; after an upgrade
// of @fontsource-variable/inter, run `npm run fonts:subset` again).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The characters of the subset, in the order fonts.css lists them. */
export const CURRENCY_CHARACTERS = '₹₽'
export const CURRENCY_FONT_FILE = path.join(root, 'app/fonts/inter-currency-wght-normal.woff2')
const SOURCE = path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2')

/** The subset's bytes (woff2, variable weight axis kept). */
export async function buildCurrencySubset() {
  return subsetFont(fs.readFileSync(SOURCE), CURRENCY_CHARACTERS, { targetFormat: 'woff2' })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bytes = await buildCurrencySubset()
  const file = path.relative(root, CURRENCY_FONT_FILE)
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(CURRENCY_FONT_FILE) ? fs.readFileSync(CURRENCY_FONT_FILE) : null
    if (!committed || !committed.equals(bytes)) {
      console.error(`[fonts] ${file} is not what this script builds from the installed Inter: run \`npm run fonts:subset\``)
      process.exit(1)
    }
    console.log(`[fonts] ${file} is up to date (${bytes.length} bytes)`)
  } else {
    fs.writeFileSync(CURRENCY_FONT_FILE, bytes)
    console.log(`[fonts] wrote ${file} (${bytes.length} bytes)`)
  }
}
