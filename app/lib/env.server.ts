import { z } from 'zod'

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
  /** "false" disables loading demo data on first start. */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  /** "false" turns the dev outbox off; see devOutboxEnabled. */
  DEV_OUTBOX: z.enum(['true', 'false']).optional(),
})

export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined

/** Validated environment; read once. */
export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env)
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
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
  const host = new URL(baseUrl()).hostname
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]'
}

/** Test hook: forget the cached environment. */
export function resetEnvCache() {
  cached = undefined
}
