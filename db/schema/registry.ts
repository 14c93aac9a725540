import { sql, type SQL } from 'drizzle-orm'
import { check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { REGISTRY_KINDS, REGISTRY_PATTERNS, UNIQUE_REGISTRY_KINDS, type RegistryKind } from '../../app/domain'
import { profiles } from './accounts'
import { adminUsers } from './admin'
import { idColumn, partOf } from './columns'
import { sqlList, sqlPattern } from './sql-lists'

/**
 * A profile's trade registry identities (issue 30 item 1, ADR 034): one row per kind (IEC, GSTIN, PAN;
 * INN, OGRN or OGRNIP, KPP), its format checked here and its check digits by app/domain/registry.ts.
 * KYC approval stamps verified_at and verified_by; a number another account holds is refused by
 * profile_identities_kind_value_uq (every kind but the KPP, which companies share).
 */
export const profileIdentities = pgTable(
  'profile_identities',
  {
    id: idColumn(),
    profileId: partOf('profile_id', () => profiles.id),
    kind: text('kind').$type<RegistryKind>().notNull(),
    value: text('value').notNull(),
    /** When the approval of the profile's KYC checked this number against the document; null until then. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profile_identities_kind_check', sql`${t.kind} in ${sqlList(REGISTRY_KINDS)}`),
    check('profile_identities_value_check', sql.join(REGISTRY_KINDS.map((k): SQL => sql`(${t.kind} = ${sql.raw(`'${k}'`)} and ${t.value} ~ ${sqlPattern(REGISTRY_PATTERNS[k])})`), sql` or `)),
    check('profile_identities_verified_check', sql`${t.verifiedBy} is null or ${t.verifiedAt} is not null`),
    uniqueIndex('profile_identities_profile_kind_uq').on(t.profileId, t.kind),
    uniqueIndex('profile_identities_kind_value_uq').on(t.kind, t.value).where(sql`${t.kind} in ${sqlList(UNIQUE_REGISTRY_KINDS)}`),
  ],
)
