import { sql } from 'drizzle-orm'
import { check, integer, text, timestamp } from 'drizzle-orm/pg-core'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { STORED_NAME_MAX, type UploadRule } from '../../app/domain/uploads'
import { sqlList } from './sql-lists'

// A file a user sent and we keep under the sender's name (message attachments, dispute evidence): where it
// is stored and what it is, checked in the database by the same upload rule the server checks it by.

export const storedFileColumns = () => ({
  /** Storage key; never sent to a browser. */
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

type StoredFileRow = { contentType: AnyPgColumn; sizeBytes: AnyPgColumn; fileName: AnyPgColumn }

/** The type, size and name checks of table `name`'s files under `rule`. */
export function storedFileChecks(name: string, t: StoredFileRow, rule: UploadRule) {
  return [
    check(`${name}_type_check`, sql`${t.contentType} in ${sqlList(rule.types)}`),
    check(`${name}_size_check`, sql`${t.sizeBytes} between 1 and ${sql.raw(String(rule.maxBytes))}`),
    check(`${name}_name_check`, sql`char_length(${t.fileName}) between 1 and ${sql.raw(String(STORED_NAME_MAX))}`),
  ]
}
