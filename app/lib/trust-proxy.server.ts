// The strict TRUST_PROXY setting: which proxies' X-Forwarded-For the server believes.
import { isIP } from 'node:net'

export type TrustProxy = false | number | string[]

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true
  const [address, prefix, ...rest] = entry.split('/')
  const version = isIP(address ?? '')
  if (!version || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * Parses TRUST_PROXY: unset/`false`/`0` (no proxy), a hop count (`1`, `2`) or a comma-separated list of
 * proxy addresses/CIDRs. Anything else, notably `true`, throws: trusting every hop lets any client
 * forge X-Forwarded-For and pick its own rate-limit key.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === '0') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops <= 32) return hops
  } else {
    const entries = value.split(',').map((e) => e.trim())
    if (entries.every((e) => e !== '' && isProxyAddress(e))) return entries
  }
  throw new Error(
    `TRUST_PROXY="${value}" is not accepted. Set it to the number of reverse proxies in front of Setu (e.g. 1), ` +
      'or to their addresses or CIDR ranges separated by commas (e.g. 10.0.0.5,10.1.0.0/16); ' +
      'leave it unset when clients connect directly. "true" would let any client forge X-Forwarded-For.',
  )
}
