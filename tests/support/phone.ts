import { randomInt } from 'node:crypto'

/**
 * A valid Indian mobile number no other test account has: phone numbers are unique among accounts
 * (ADR 022), so tests that register or create accounts must not share one.
 */
export function uniquePhone(): string {
  const digits = String(randomInt(6_000_000_000, 10_000_000_000))
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`
}
