/** Latency summary of one measured case, in milliseconds. */
export type LatencySummary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number }

/**
 * The p-th percentile by the nearest-rank method: the smallest sample that at least p % of the
 * samples are less than or equal to. `values` need not be sorted; NaN for no samples.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile ${p} is outside 0..100`)
  const sorted = isSorted(values) ? values : [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1]
}

function isSorted(values: readonly number[]) {
  for (let i = 1; i < values.length; i++) if (values[i - 1] > values[i]) return false
  return true
}

/** p50 / p95 / p99 / max / mean of a list of samples. With fewer than 100 samples p99 is the maximum. */
export function summarize(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b)
  const sum = sorted.reduce((s, v) => s + v, 0)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  }
}

/** A number for a table cell: fixed decimals, "–" when there is none. */
export function fmt(value: number | null | undefined, decimals = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(decimals)
}
