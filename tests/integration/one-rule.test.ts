// @no-database: this file runs without the per-file test database (vitest.config.ts)
// One rule, one place (issue 27): a value list, the UUID pattern or an upload type map written out
// again beside app/domain is a copy that will drift. This reads every source file and fails on one.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as domain from '~/domain'

const ROOT = join(import.meta.dirname, '../..')
const SCANNED = ['app', 'server', 'db', 'tests', 'scripts']
const SKIPPED = ['app/domain', 'db/migrations', 'node_modules']

/** Files that may hold such a literal, each with its reason. */
const ALLOWED: Record<string, string> = {
  'app/modules/content/trade/data.ts': 'the trade guide names the currencies of India–Russia trade (AED too), not the ones the marketplace takes',
  'app/lib/i18n.test.ts': 'formats sample amounts in a run of currency codes, AED included',
  'app/modules/analytics/components/format.test.ts': 'formats sample amounts in a run of currency codes',
  'tests/integration/catalog-scale.test.ts': 'SQL that generates 100,000 rows draws their currency from a literal array',
  'tests/integration/one-rule.test.ts': 'this test',
}

/** Reading a Zod error's issues: a loop, a map or the first one, or a loop over issues. */
const ZOD_ISSUE_LOOP = /\.issues\b|for\s*\(\s*(const|let)\s+issue\s+of\b/
/** Files that may read a Zod error's issues, each with its reason (tests may look at them freely). */
const ISSUE_READERS: Record<string, string> = {
  'app/lib/form.ts': 'the one form pipeline: parseSubmission and submissionErrors (ADR 026)',
  'db/cli/admin-create.ts': 'a command line tool, not a form: its arguments are refused with every message',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    const rel = relative(ROOT, path)
    if (SKIPPED.some((s) => rel === s || rel.startsWith(`${s}/`))) return []
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [rel] : []
  })
}

const quoted = (v: string) => `['"]${v}['"]`
/** A domain list written out in full, in its order, in an array or an SQL `in (…)`. */
const listPattern = (list: readonly string[]) => new RegExp(list.map(quoted).join(String.raw`\s*,\s*`))

/** The country, currency and status lists (short generic ones, like the languages, are fine in a test's loop). */
const LISTS = Object.entries(domain as Record<string, unknown>).filter((e): e is [string, readonly string[]] => Array.isArray(e[1]) && /COUNTRIES|CURRENCIES|STATUSES/.test(e[0]))
const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'the UUID pattern', pattern: /\[0-9a-f\]\{8\}-/i },
  { name: 'an upload type map', pattern: /['"](application\/pdf|image\/jpeg)['"]\s*:\s*['"]/ },
  { name: 'the trading sides', pattern: /['"]India['"]\s*\|\s*['"]Russia['"]/ },
  ...LISTS.map(([name, list]) => ({ name, pattern: listPattern(list) })),
]

describe('one rule, one place', () => {
  const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).filter((f) => !(f in ALLOWED))

  it('finds the files it reads and the lists it looks for', () => {
    expect(files.length).toBeGreaterThan(200)
    expect(LISTS.map(([name]) => name)).toEqual(expect.arrayContaining(['TRADING_COUNTRIES', 'ORIGIN_COUNTRIES', 'CURRENCIES', 'CATALOG_CURRENCIES', 'ORDER_STATUSES', 'KYC_STATUSES']))
  })

  it('has no copy of a domain rule outside app/domain', () => {
    const copies = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      return RULES.filter((r) => r.pattern.test(text)).map((r) => `${file}: ${r.name}`)
    })
    expect(copies).toEqual([])
  })

  it('reads Zod issues only in the form pipeline (ADR 026)', () => {
    // `.issues` (a loop, a map, the first one) or a loop over issues turns a Zod error into messages by
    // hand: every form goes through parseSubmission / submissionErrors instead, each with the one error shape.
    const loops = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .filter((f) => !(f in ISSUE_READERS) && !/\.test\.tsx?$/.test(f) && !f.startsWith('tests/'))
      .flatMap((file) => {
        const text = readFileSync(join(ROOT, file), 'utf8')
        return ZOD_ISSUE_LOOP.test(text) ? [file] : []
      })
    expect(loops).toEqual([])
    expect(Object.keys(ISSUE_READERS).every((f) => ZOD_ISSUE_LOOP.test(readFileSync(join(ROOT, f), 'utf8')))).toBe(true)
  })

  it('catches a Zod issue loop', () => {
    for (const code of ['for (const issue of result.error.issues) {}', 'result.error.issues.forEach((i) => {})', 'const first = parsed.error.issues[0]', 'for (const issue of errors) {}']) {
      expect(ZOD_ISSUE_LOOP.test(code)).toBe(true)
    }
    expect(ZOD_ISSUE_LOOP.test('const { fieldErrors } = parseSubmission(Schema, form, OPTIONS)')).toBe(false)
  })

  it('catches a copy', () => {
    const rule = RULES.find((r) => r.name === 'CURRENCIES')!
    expect(rule.pattern.test(`const list = ['USD', 'INR', 'RUB', 'EUR']`)).toBe(true)
    expect(RULES[0].pattern.test(String.raw`/^[0-9a-f]{8}-[0-9a-f]{4}$/`)).toBe(true)
  })
})
