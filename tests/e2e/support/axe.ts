// The accessibility check the specs run: axe with the WCAG 2.2 AA rules, in legacy mode (axe runs in
// the page itself instead of opening a blank page per run to merge frame results; the app has no iframes).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The rule sets of WCAG 2.2 AA that every spec checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Axe's findings on the page as it is now (or on `include`, a selector), one line each: label, rule, help, nodes. */
export async function axeViolations(page: Page, label: string, opts: { include?: string } = {}) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode()
  const { violations } = await (opts.include ? builder.include(opts.include) : builder).analyze()
  return violations.map((v) => `${label}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
