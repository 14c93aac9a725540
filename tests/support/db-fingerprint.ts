// A cheap summary of every application table, to prove that a refused request wrote nothing.
import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server'

/**
 * Tables a refused request may legitimately write: counters and logs that exist to record refusals
 * (better-auth's per-client rate limits, the admin instance's own, the per-account sign-in throttle,
 * the security event log, and the admin audit log, which records refused admin sign-ins).
 */
export const WRITES_ON_REFUSAL = ['rate_limits', 'admin_rate_limits', 'login_throttles', 'security_events', 'audit_log'] as const

/** The application's tables (schema public), minus those in WRITES_ON_REFUSAL. */
export async function fingerprintTables(): Promise<string[]> {
  const { rows } = await getDb().execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((r) => r.table_name).filter((t) => !(WRITES_ON_REFUSAL as readonly string[]).includes(t))
}

/**
 * Row count and newest row version (xmin) per table: any insert, update or delete changes one of
 * them, without reading whole tables.
 */
export async function dbFingerprint(tables: string[]): Promise<string> {
  const parts = tables.map((t) => sql`select ${t} as t, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.identifier(t)}`)
  const { rows } = await getDb().execute<{ t: string; n: string; x: string }>(sql.join(parts, sql` union all `))
  return rows.map((r) => `${r.t}:${r.n}:${r.x}`).join(' ')
}
