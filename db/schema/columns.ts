import { uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'

// Column idioms every table of ours repeats.

/** The primary key of a table of ours: a random UUID. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom()

/** A UUID column naming the row this one belongs to: required, and deleted with it. */
export const partOf = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' })
