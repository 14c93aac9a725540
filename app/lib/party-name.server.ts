// How a trading party is named wherever a query shows one (orders, quotes, negotiations, disputes,
// messages, moderation): its company name, or the person's name when the company name is missing or
// blank. One rule, in SQL, so a profile saved with "  " as its company reads as its person everywhere.
import { sql, type SQLWrapper } from 'drizzle-orm'

/** SQL for a party's display name from its profile's company name and name columns (or expressions). */
export const partyName = (p: { companyName: SQLWrapper; name: SQLWrapper }) => sql<string>`coalesce(nullif(btrim(${p.companyName}), ''), ${p.name})`

/** The same where the profile is left-joined and may be missing (null then). */
export const partyNameOrNull = (p: { companyName: SQLWrapper; name: SQLWrapper }) => sql<string | null>`${partyName(p)}`
