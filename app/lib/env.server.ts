import { z } from 'zod'
import { RATE_MAX_AGE_DAYS_DEFAULT } from '../domain'

/** A setting that may be left out or set empty (both mean "not configured"); when set, `schema` checks it. */
function optionalSetting<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema.optional())
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in links, emails, canonical URLs and by better-auth. */
  APP_URL: z.string().url().optional(),
  /** postgres://… switches from the embedded PGlite database to PostgreSQL. */
  DATABASE_URL: z.string().optional(),
  /** Where PGlite data and private files live. */
  DATA_DIR: z.string().default('./data'),
  BETTER_AUTH_SECRET: z.string().optional(),
  /** Extra trusted origins for auth and form posts, comma separated. */
  TRUSTED_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Setu <no-reply@setu.local>'),
  /**
   * Demo data (with published demo passwords) on first start: "auto" loads it only when APP_URL is
   * unset or local, "true" always, "false" never. See demoDataDecision.
   */
  SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * More host names this server answers for, comma separated (aliases, an internal health-check
   * name). APP_URL's host and the loopback names are always allowed; ".example.com" allows subdomains.
   */
  ALLOWED_HOSTS: z.string().default(''),
  /** "false" turns the dev outbox off; see devOutboxEnabled. */
  DEV_OUTBOX: z.enum(['true', 'false']).optional(),
  // The operator's contact details on /contact (issue 26 item 7): each one shown only when set; see contactDetails.
  /** The address users write to about anything (accounts, listings, KYC, disputes). */
  CONTACT_EMAIL: optionalSetting(z.email()),
  /** The address for personal data requests and grievances, when it differs from CONTACT_EMAIL. */
  CONTACT_PRIVACY_EMAIL: optionalSetting(z.email()),
  /** A phone number, as it should be shown ("+91 22 4000 1234"). */
  CONTACT_PHONE: optionalSetting(z.string().regex(/^\+?[0-9][0-9 ()\-.]{4,29}$/, 'a phone number: digits, spaces, ( ) - . and an optional leading +')),
  /** The postal address, its lines separated by "|" ("Setu Trade Desk|12 Example Road|Mumbai 400001|India"). */
  CONTACT_ADDRESS: optionalSetting(
    z
      .string()
      .transform((v) => v.split('|').map((line) => line.trim()).filter(Boolean))
      .pipe(z.array(z.string().max(120, 'each line at most 120 characters')).min(1).max(8, 'at most 8 lines')),
  ),
  /** Days an exchange rate stays usable for showing converted amounts (issue 28); older, nothing converted is shown. */
  RATE_MAX_AGE_DAYS: optionalSetting(z.coerce.number().int('a whole number of days').min(1, 'at least 1').max(365, 'at most 365')).transform((v) => v ?? RATE_MAX_AGE_DAYS_DEFAULT),
})

export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined

/** Validated environment; read once. */
export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env)
    if (!parsed.success) {
      // Not a form: every problem is listed, each with the setting it is about (Zod's own formatting).
      throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`)
    }
    cached = parsed.data
  }
  return cached
}

/** Origin the app is reachable at, without a trailing slash. */
export function baseUrl(): string {
  const e = env()
  return (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
}

/**
 * The dev outbox replaces SMTP when SMTP_URL is unset. It is off for any production server
 * reachable under a real host name (links there would leak to whoever opens the page); a
 * production build served on localhost (the quick start) keeps it. See docs/decisions/003.
 */
export function devOutboxEnabled(): boolean {
  const e = env()
  if (e.SMTP_URL || e.DEV_OUTBOX === 'false') return false
  if (e.NODE_ENV !== 'production') return true
  return appUrlIsLocal()
}

/** A loopback host name: localhost (and *.localhost), 127.0.0.0/8 or [::1]. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '[::1]' || h === '::1'
}

/** A loopback client address as the server recorded it (IPv4, IPv6 or IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false
  const a = address.toLowerCase()
  return a === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(a)
}

/** APP_URL is unset (the server is only reachable as localhost) or points at a loopback host. */
export function appUrlIsLocal(): boolean {
  return isLoopbackHostname(new URL(baseUrl()).hostname)
}

/** The host part of a Host header ("Example.com:3000" → "example.com", "[::1]:3000" → "[::1]"), or null. */
export function hostnameOf(hostHeader: string | null | undefined): string | null {
  const value = (hostHeader ?? '').trim().toLowerCase()
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/.exec(value)
  return match ? match[1]!.replace(/\.$/, '') : null
}

/**
 * Whether a request's Host may be served: APP_URL's host, a loopback name, or one of ALLOWED_HOSTS
 * (an entry starting with "." also allows its subdomains). Anything else is a forged or misrouted Host.
 */
export function hostAllowed(hostHeader: string | null | undefined): boolean {
  const hostname = hostnameOf(hostHeader)
  if (!hostname) return false
  if (isLoopbackHostname(hostname)) return true
  if (hostname === new URL(baseUrl()).hostname.toLowerCase()) return true
  return env()
    .ALLOWED_HOSTS.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => (entry.startsWith('.') ? hostname === entry.slice(1) || hostname.endsWith(entry) : hostname === entry))
}

/** Whether to load the demo data on a fresh database, and why (printed at start). */
export function demoDataDecision(): { load: boolean; reason: string } {
  const e = env()
  if (e.SEED_DEMO_DATA === 'true') return { load: true, reason: 'SEED_DEMO_DATA=true' }
  if (e.SEED_DEMO_DATA === 'false') return { load: false, reason: 'SEED_DEMO_DATA=false' }
  return appUrlIsLocal()
    ? { load: true, reason: `APP_URL is local (${baseUrl()}); set SEED_DEMO_DATA=false to start empty` }
    : { load: false, reason: `APP_URL is ${baseUrl()}, not local: demo accounts have published passwords (SEED_DEMO_DATA=true forces them)` }
}

/** The operator's published contact details: only what is configured; nothing when nothing is. */
export type ContactDetails = {
  email: string | null
  privacyEmail: string | null
  phone: string | null
  address: string[] | null
}

/**
 * What /contact shows: the configured CONTACT_* details ("configured"); without any, clearly marked
 * demo details when this server runs with demo data ("demo"), or none at all ("none"). No detail is
 * ever made up for a real operator.
 */
export function contactDetails(): { source: 'configured' | 'demo' | 'none'; details: ContactDetails } {
  const e = env()
  const details: ContactDetails = {
    email: e.CONTACT_EMAIL ?? null,
    privacyEmail: e.CONTACT_PRIVACY_EMAIL ?? null,
    phone: e.CONTACT_PHONE ?? null,
    address: e.CONTACT_ADDRESS ?? null,
  }
  if (Object.values(details).some((v) => v !== null)) return { source: 'configured', details }
  if (demoDataDecision().load) return { source: 'demo', details: DEMO_CONTACT_DETAILS }
  return { source: 'none', details }
}

/** The demo's stand-ins: addresses under the reserved .example domain, which reach nobody. */
export const DEMO_CONTACT_DETAILS: ContactDetails = {
  email: 'support@setu.example',
  privacyEmail: 'privacy@setu.example',
  phone: null,
  address: null,
}

/** Test hook: forget the cached environment. */
export function resetEnvCache() {
  cached = undefined
}
