import { sql, type SQL } from 'drizzle-orm'

/** A value list as SQL's `('a', 'b')`, for the CHECK constraints built from app/domain's lists (plain words and MIME types only, no quotes). */
export function sqlList(values: readonly string[]): SQL {
  if (values.some((v) => !/^[\w ./+-]+$/.test(v))) throw new Error('sqlList takes plain words and MIME types only')
  return sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`)
}
