// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The pure half of `npm run lighthouse` (scripts/lighthouse-report.ts): which run counts, the verdict
// and the report, on made-up Lighthouse results. The Lighthouse phase of `npm test` is the real check.
import { describe, expect, it } from 'vitest'
import { cpuSlowdownFor, describeItem, failingAudits, formatPageReport, judgeAgainstHost, judgePage, median, pickMedianRun, type LighthouseResult } from '../../scripts/lighthouse-report.ts'

function lhr(scores: { performance: number | null; accessibility?: number | null }, extra: Partial<LighthouseResult> = {}): LighthouseResult {
  return {
    categories: {
      performance: { score: scores.performance, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }, { id: 'render-blocking-insight', weight: 0 }] },
      accessibility: { score: scores.accessibility === undefined ? 1 : scores.accessibility, auditRefs: [{ id: 'color-contrast', weight: 7 }, { id: 'heading-order', weight: 3 }] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: 0.92, auditRefs: [] },
    },
    audits: {
      'first-contentful-paint': { id: 'first-contentful-paint', title: 'First Contentful Paint', score: 0.9, scoreDisplayMode: 'numeric', displayValue: '1.6\u00a0s' },
      'largest-contentful-paint': { id: 'largest-contentful-paint', title: 'Largest Contentful Paint', score: 0.8, scoreDisplayMode: 'numeric', displayValue: '2.7\u00a0s' },
      'render-blocking-insight': {
        id: 'render-blocking-insight',
        title: 'Render blocking requests',
        score: 0,
        scoreDisplayMode: 'metricSavings',
        details: { type: 'table', items: [{ url: 'http://localhost/assets/root.css', wastedMs: 180.4, totalBytes: 12000 }] },
      },
      'color-contrast': {
        id: 'color-contrast',
        title: 'Background and foreground colors do not have a sufficient contrast ratio.',
        score: 0,
        scoreDisplayMode: 'binary',
        details: {
          type: 'table',
          items: [
            {
              node: {
                type: 'node',
                selector: 'footer > p.text-muted',
                snippet: '<p class="text-muted">',
                nodeLabel: '© Setu',
                explanation: 'Fix any of the following:\n  Element has insufficient color contrast of 3.1',
              },
            },
          ],
        },
      },
      'heading-order': { id: 'heading-order', title: 'Heading elements are in order', score: 1, scoreDisplayMode: 'binary' },
    },
    ...extra,
  }
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([98, 60, 74])).toBe(74)
    expect(median([1, 4, 2, 3])).toBe(2.5)
    expect(median([])).toBeNaN()
  })
})

describe('pickMedianRun', () => {
  it('takes the run with the median performance score, the lower one on an even count, and counts a failed run as worst', () => {
    const runs = [lhr({ performance: 0.98 }), lhr({ performance: 0.74 }), lhr({ performance: 0.6 })]
    expect(pickMedianRun(runs)).toBe(runs[1])
    const even = [lhr({ performance: 0.97 }), lhr({ performance: 0.93 })]
    expect(pickMedianRun(even)).toBe(even[1])
    const broken = [lhr({ performance: null }), lhr({ performance: 0.99 }), lhr({ performance: 0.96 })]
    expect(pickMedianRun(broken)).toBe(broken[2])
    expect(() => pickMedianRun([])).toThrow(RangeError)
  })
})

describe('judgePage', () => {
  it('passes at the thresholds and names each category under them', () => {
    expect(judgePage('/', [lhr({ performance: 0.95, accessibility: 1 })]).failures).toEqual([])
    const verdict = judgePage('/', [lhr({ performance: 0.99 }), lhr({ performance: 0.94, accessibility: 0.98 }), lhr({ performance: 0.5 })])
    expect(verdict.failures).toEqual(['performance 94 < 95', 'accessibility 98 < 100'])
    expect(verdict.scores).toEqual({ performance: 94, accessibility: 98, 'best-practices': 100, seo: 92 })
    expect(verdict.performanceRuns).toEqual([99, 94, 50])
  })

  it('fails a page that Lighthouse could not score, with its error code', () => {
    const verdict = judgePage('/', [lhr({ performance: null, accessibility: null }, { runtimeError: { code: 'NO_FCP', message: 'no paint' } })])
    expect(verdict.failures).toEqual(['performance not scored (NO_FCP)', 'accessibility not scored (NO_FCP)'])
  })

  it('takes other thresholds', () => {
    expect(judgePage('/', [lhr({ performance: 0.9 })], { performance: 90 }).failures).toEqual([])
  })
})

describe('failingAudits', () => {
  it('lists failed accessibility checks with the offending element and why', () => {
    const audits = failingAudits(lhr({ performance: 1, accessibility: 0.9 }), 'accessibility')
    expect(audits.map((a) => a.id)).toEqual(['color-contrast'])
    expect(audits[0].items).toEqual(['footer > p.text-muted <p class="text-muted"> "© Setu": Element has insufficient color contrast of 3.1'])
  })

  it('lists performance audits under 0.9 with the resources they name, heaviest weight first', () => {
    const audits = failingAudits(lhr({ performance: 0.8 }), 'performance')
    expect(audits.map((a) => a.id)).toEqual(['largest-contentful-paint', 'render-blocking-insight'])
    expect(audits[1].items).toEqual(['http://localhost/assets/root.css (180 ms to save)'])
  })

  it('cuts long lists and says how many there were', () => {
    const run = lhr({ performance: 0.8 })
    run.audits['render-blocking-insight']!.details!.items = Array.from({ length: 8 }, (_, i) => ({ url: `http://localhost/${i}.css` }))
    const [, blocking] = failingAudits(run, 'performance', 3)
    expect(blocking.items).toHaveLength(3)
    expect(blocking.totalItems).toBe(8)
  })
})

describe('describeItem', () => {
  it('describes resources by URL and cost, and rows without either by their label', () => {
    expect(describeItem({ url: 'http://x/a.js', wastedBytes: 2048 })).toBe('http://x/a.js (2.0 KiB to save)')
    expect(describeItem({ group: 'scriptEvaluation', duration: 812.4 })).toBe('scriptEvaluation (812 ms)')
    expect(describeItem({ node: { type: 'node', selector: 'div.card', snippet: '<div class="card">' }, score: 0.042 })).toBe('div.card <div class="card"> (shift 0.042)')
  })
})

describe('formatPageReport', () => {
  it('prints the scores, each run, the metrics and what to fix in the enforced categories', () => {
    const verdict = judgePage('/products/1', [lhr({ performance: 0.91, accessibility: 0.9 })])
    const text = formatPageReport(verdict).join('\n')
    expect(text).toContain('FAIL /products/1')
    expect(text).toContain('performance 91 · accessibility 90 · best practices 100 · SEO 92')
    expect(text).toContain('(performance per run: 91; median run shown)')
    expect(text).toContain('FCP 1.6 s, LCP 2.7 s, TBT –')
    expect(text).toMatch(/accessibility: what costs points\n {7}- Background and foreground colors do not have a sufficient contrast ratio\. \[color-contrast\]\n {11}footer > p\.text-muted/)
    expect(text).toContain('Render blocking requests [render-blocking-insight]')
  })

  it('says ok and lists nothing for a page at 100', () => {
    const run = lhr({ performance: 1, accessibility: 1 })
    const lines = formatPageReport(judgePage('/', [run]))
    expect(lines[0]).toBe('ok   /')
    expect(lines).toHaveLength(3)
  })
})

describe('cpuSlowdownFor', () => {
  it("follows Lighthouse's calibration below the host it assumes, and keeps its own 4× from there up", () => {
    expect(cpuSlowdownFor(1533)).toBe(4)
    expect(cpuSlowdownFor(1300)).toBe(3)
    expect(cpuSlowdownFor(1050)).toBe(2.5)
    expect(cpuSlowdownFor(800)).toBe(2)
    expect(cpuSlowdownFor(150)).toBe(1)
    // Stock mobile Lighthouse on a fast host: never stricter than 4×.
    expect(cpuSlowdownFor(1650)).toBe(4)
    expect(cpuSlowdownFor(2000)).toBe(4)
    expect(cpuSlowdownFor(2900)).toBe(4)
  })

  it('grows with the benchmark up to 4×, never falls under 1×, and keeps 4× when there is no benchmark', () => {
    let last = 0
    for (let index = 25; index <= 3000; index += 25) {
      const m = cpuSlowdownFor(index)
      expect(m).toBeGreaterThanOrEqual(Math.max(1, last))
      expect(m).toBeLessThanOrEqual(4)
      last = m
    }
    expect(cpuSlowdownFor(50)).toBe(1)
    expect(cpuSlowdownFor(Number.NaN)).toBe(4)
    expect(cpuSlowdownFor(0)).toBe(4)
  })
})

describe('judgeAgainstHost', () => {
  it('fails a page under the target when the same page without JavaScript meets it on this host', () => {
    const verdict = judgeAgainstHost(88, 99, 95)
    expect(verdict.ok).toBe(false)
    expect(verdict.line).toContain('without JavaScript scores 99')
    expect(judgeAgainstHost(94, 95, 95).ok).toBe(false)
  })

  it('on a host that misses the target even without JavaScript, allows the points the target leaves a page', () => {
    expect(judgeAgainstHost(80, 85, 95)).toMatchObject({ ok: true, allowed: 5 })
    expect(judgeAgainstHost(79, 85, 95).ok).toBe(false)
    expect(judgeAgainstHost(79, 85, 95).line).toContain('costs 6 point(s)')
    // A page that beats its own reference (noise) passes, with a cost of 0.
    expect(judgeAgainstHost(84, 82, 95)).toMatchObject({ ok: true })
    expect(judgeAgainstHost(84, 82, 95).line).toContain('costs 0 point(s)')
    // The allowance follows the target.
    expect(judgeAgainstHost(78, 89, 90)).toMatchObject({ ok: false, allowed: 10 })
    expect(judgeAgainstHost(80, 88, 90)).toMatchObject({ ok: true, allowed: 10 })
  })

  it('fails a page whose reference could not be scored: a broken run is not a slow host', () => {
    const verdict = judgeAgainstHost(60, null, 95)
    expect(verdict.ok).toBe(false)
    expect(verdict.line).toContain('could not be scored')
  })
})
