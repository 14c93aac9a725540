import { bigint, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

// The tables better-auth reads and writes besides its users: sessions, accounts, verifications and its
// rate-limit counters. Two instances keep them (marketplace users in auth.ts, administrators in admin.ts,
// ADR 012) in tables of the same shape under their own names, built here once.

/** created_at and updated_at as better-auth writes them. */
export const authTimestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

const ownerId = (owner: () => AnyPgColumn) =>
  text('user_id')
    .notNull()
    .references(owner, { onDelete: 'cascade' })

/** A signed-in session of a user of `owner`'s table. */
export function authSessionsTable(name: string, owner: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: text('id').primaryKey(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      token: text('token').notNull().unique(),
      ...authTimestamps(),
      ipAddress: text('ip_address'),
      userAgent: text('user_agent'),
      userId: ownerId(owner),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  )
}

/** A credential (the password hash) of a user of `owner`'s table. */
export function authAccountsTable(name: string, owner: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: text('id').primaryKey(),
      accountId: text('account_id').notNull(),
      providerId: text('provider_id').notNull(),
      userId: ownerId(owner),
      accessToken: text('access_token'),
      refreshToken: text('refresh_token'),
      idToken: text('id_token'),
      accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
      refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
      scope: text('scope'),
      password: text('password'),
      ...authTimestamps(),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  )
}

/** Verification and reset tokens. */
export function authVerificationsTable(name: string) {
  return pgTable(
    name,
    {
      id: text('id').primaryKey(),
      identifier: text('identifier').notNull(),
      value: text('value').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      ...authTimestamps(),
    },
    (t) => [index(`${name}_identifier_idx`).on(t.identifier)],
  )
}

/** better-auth's per-client rate-limit counters. */
export function authRateLimitsTable(name: string) {
  return pgTable(name, {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  })
}
