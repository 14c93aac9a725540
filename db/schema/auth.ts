import { boolean, pgTable, text } from 'drizzle-orm/pg-core'
import { authAccountsTable, authRateLimitsTable, authSessionsTable, authTimestamps, authVerificationsTable } from './auth-tables'

// Tables read and written by better-auth (model names user/session/account/verification).
// Written by hand because the better-auth CLI needs Node 22.

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...authTimestamps(),
})

export const sessions = authSessionsTable('sessions', () => users.id)
export const accounts = authAccountsTable('accounts', () => users.id)
export const verifications = authVerificationsTable('verifications')
export const rateLimits = authRateLimitsTable('rate_limits')
