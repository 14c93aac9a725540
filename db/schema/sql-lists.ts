import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { WHOLE_UNITS } from '../../app/domain'

/** A value list as SQL's `('a', 'b')`, for the CHECK constraints built from app/domain's lists (plain words and MIME types only, no quotes). */
export function sqlList(values: readonly string[]): SQL {
  if (values.some((v) => !/^[\w ./+-]+$/.test(v))) throw new Error('sqlList takes plain words and MIME types only')
  return sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`)
}

/**
 * A row's quantity fits its unit's decimals where the unit counts whole (UNIT_RULES: containers, pieces…):
 * the CHECK behind every form's "Containers are counted whole". Null passes, as CHECKs do. Measured units'
 * decimals need no CHECK: the column's scale is the largest any unit allows, and the forms refuse more.
 */
export function wholeInUnit(unit: AnyPgColumn, quantity: AnyPgColumn): SQL {
  return sql`${unit} not in ${sqlList(WHOLE_UNITS)} or ${quantity} = trunc(${quantity})`
}

/** A pattern of the domain (a JS RegExp without flags, in the syntax both share) as a SQL string literal for `~`. */
export function sqlPattern(pattern: RegExp): SQL {
  if (pattern.flags) throw new Error(`sqlPattern: ${pattern} has flags, which SQL's ~ cannot take`)
  return sql.raw(`'${pattern.source.replaceAll("'", "''")}'`)
}
