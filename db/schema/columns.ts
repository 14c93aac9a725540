import { numeric, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { QUANTITY_PRECISION, QUANTITY_SCALE } from '../../app/domain'

// Column idioms every table of ours repeats.

/** The primary key of a table of ours: a random UUID. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom()

/** A UUID column naming the row this one belongs to: required, and deleted with it. */
export const partOf = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' })

/**
 * A quantity: an exact decimal, numeric(QUANTITY_PRECISION, QUANTITY_SCALE), read as a JS number
 * (ADR 030: at most 13 significant digits, so every stored value is the number read; amounts are never
 * computed from it in JS). Its unit is the row's, or its RFQ's for a quote.
 */
export const quantityColumn = (name: string) => numeric(name, { precision: QUANTITY_PRECISION, scale: QUANTITY_SCALE, mode: 'number' })
