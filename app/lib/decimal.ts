// Exact decimal arithmetic for rates, conversions and price × quantity (issue 28, ADRs 028 and 030): decimal strings held as
// BigInt scaled integers. Never JS floats. Browser-safe.
import { RATE_INTEGER_DIGITS, RATE_SCALE } from '~/domain/rates'

/** A decimal as an integer and its scale: 12.5 at scale 10 is { units: 125000000000n, scale: 10 }. */
export type Scaled = { units: bigint; scale: number }

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/

const pow10 = (n: number) => 10n ** BigInt(n)

/**
 * A non-negative plain decimal ("92.35", "0.0108", "7") as units of 10^-scale; null when it is not one
 * (signs, exponents, spaces, commas) or has more than `scale` digits after the point.
 */
export function parseDecimal(text: string, scale: number): bigint | null {
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) return null
  const [, whole, frac = ''] = match
  if (frac.length > scale) return null
  return BigInt(whole!) * pow10(scale) + BigInt(frac.padEnd(scale, '0') || '0')
}

/** Units of 10^-scale as a decimal string with exactly `scale` digits after the point ("92.3500000000"). */
export function formatDecimal(units: bigint, scale: number): string {
  const negative = units < 0n
  const abs = negative ? -units : units
  const whole = (abs / pow10(scale)).toString()
  const frac = scale > 0 ? `.${(abs % pow10(scale)).toString().padStart(scale, '0')}` : ''
  return `${negative ? '-' : ''}${whole}${frac}`
}

/** A decimal string without the trailing zeros of its fraction ("92.3500000000" → "92.35", "5.000" → "5"). */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
}

/** A plain non-negative decimal as an exact fraction ("0.0002" → 2 / 10000); null when it is not one. */
function toFraction(text: string): { n: bigint; d: bigint } | null {
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) return null
  const frac = match[2] ?? ''
  return { n: BigInt(match[1]! + frac), d: pow10(frac.length) }
}

/**
 * amount × multiplier ÷ divisor rounded down to `scale` decimals, exactly ("20", "1", "2", 3 → "10.000").
 * A quantity held at `scale` decimals is at most the exact ratio exactly when it is at most this. Null
 * when an argument is not a plain decimal or the divisor is zero.
 */
export function mulDivFloor(amount: string, multiplier: string, divisor: string, scale: number): string | null {
  const [a, m, v] = [toFraction(amount), toFraction(multiplier), toFraction(divisor)]
  if (!a || !m || !v || v.n === 0n) return null
  return formatDecimal((a.n * m.n * v.d * pow10(scale)) / (a.d * m.d * v.n), scale)
}

/** n / d rounded half up (both non-negative, d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (d * 2n)
}

/** Why a rate as typed cannot be kept: not a number, zero, too many decimals or too large. */
export type RateProblem = 'invalid' | 'zero' | 'tooPrecise' | 'tooLarge'

/**
 * Checks a rate as typed (surrounding spaces ignored): a positive plain decimal with at most RATE_SCALE
 * digits after the point and RATE_INTEGER_DIGITS before it. The rate at RATE_SCALE, or the problem.
 */
export function parseRate(text: string): { ok: true; units: bigint; rate: string } | { ok: false; problem: RateProblem } {
  const trimmed = text.trim()
  const match = PLAIN_DECIMAL.exec(trimmed)
  if (!match) return { ok: false, problem: 'invalid' }
  if ((match[2] ?? '').length > RATE_SCALE) return { ok: false, problem: 'tooPrecise' }
  const units = parseDecimal(trimmed, RATE_SCALE)!
  if (units === 0n) return { ok: false, problem: 'zero' }
  if (units >= pow10(RATE_INTEGER_DIGITS + RATE_SCALE)) return { ok: false, problem: 'tooLarge' }
  return { ok: true, units, rate: formatDecimal(units, RATE_SCALE) }
}

/**
 * 1 / rate, rounded half up to RATE_SCALE places ("83.25" → "0.0120120120"). Null when the inverse
 * rounds to zero (a rate above 2·10^10, which parseRate never accepts).
 */
export function invertRate(rate: string): string | null {
  const units = parseDecimal(rate, RATE_SCALE)
  if (units === null || units === 0n) return null
  const inverse = divideRounded(pow10(2 * RATE_SCALE), units)
  return inverse === 0n ? null : formatDecimal(inverse, RATE_SCALE)
}

/**
 * amount × rate, exact, then rounded half up to `scale` places. `amount` is a non-negative plain
 * decimal of up to 18 digits after the point, `rate` one of up to RATE_SCALE; null when either is not.
 */
export function multiplyDecimal(amount: string, rate: string, scale: number): string | null {
  const a = parseDecimal(amount, 18)
  const r = parseDecimal(rate, RATE_SCALE)
  if (a === null || r === null) return null
  const product = a * r // at scale 18 + RATE_SCALE
  return formatDecimal(divideRounded(product, pow10(18 + RATE_SCALE - scale)), scale)
}

/** Whether `next` is more than `factor` times `last` or less than 1/`factor` of it (both rates at RATE_SCALE, positive). */
export function isRateJump(next: string, last: string, factor: number): boolean {
  const n = parseDecimal(next, RATE_SCALE)
  const l = parseDecimal(last, RATE_SCALE)
  if (n === null || l === null || l === 0n) return false
  const f = BigInt(factor)
  return n > l * f || n * f < l
}
