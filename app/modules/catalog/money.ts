// Exact decimal arithmetic on money strings ("1234.50") through integer cents. Never floats.

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/

/** "12.5" → 1250n; null when the string is not a non-negative decimal with at most two fraction digits. */
export function toCents(amount: string): bigint | null {
  const match = DECIMAL.exec(amount.trim())
  if (!match) return null
  const [, whole, frac = ''] = match
  return BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2))
}

/** 1250n → "12.50". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const whole = abs / 100n
  const frac = (abs % 100n).toString().padStart(2, '0')
  return `${negative ? '-' : ''}${whole}.${frac}`
}

/** a + b, exact; null when either is malformed. */
export function addMoney(a: string, b: string): string | null {
  const x = toCents(a)
  const y = toCents(b)
  if (x === null || y === null) return null
  return fromCents(x + y)
}

/** -1, 0 or 1 like a comparator; both arguments must be valid decimals. */
export function compareMoney(a: string, b: string): number {
  const x = toCents(a) ?? 0n
  const y = toCents(b) ?? 0n
  return x < y ? -1 : x > y ? 1 : 0
}
