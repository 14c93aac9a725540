import os from 'node:os'

/** A whole-number setting from the environment: the fallback when unset, an error when malformed. */
export function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}, not "${raw}"`)
  return n
}

/** A comma-separated list from the environment, or the fallback when unset. */
export function envList(name: string, fallback: readonly string[]): string[] {
  const raw = process.env[name]
  return raw?.trim() ? raw.split(',').map((s) => s.trim()).filter(Boolean) : [...fallback]
}

/** The machine's load average, printed with every run: figures taken on a busy machine are no baseline. */
export const loadNote = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`

/** KEY=VALUE pairs from the environment, separated by spaces or commas ("PAGE_CACHE_MB=0 FOO=1"). */
export function envPairs(name: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of (process.env[name] ?? '').split(/[\s,]+/).filter(Boolean)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(pair)
    if (!m) throw new Error(`${name}: "${pair}" is not KEY=VALUE`)
    out[m[1]] = m[2]
  }
  return out
}
