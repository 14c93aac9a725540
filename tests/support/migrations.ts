// A database as it stood before a migration (migration tests): the committed migrations up to, not
// including, a tag, copied to a folder of their own; `removeMigrationFolders` deletes the copies.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MIGRATIONS_FOLDER } from '~/lib/db.server'

const folders: string[] = []

/** The committed migrations up to, not including, `tag`, in a folder of their own. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'setu-migrations-'))
  folders.push(dir)
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
  const journalPath = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  if (at < 0) throw new Error(`no migration ${tag}`)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

/** Deletes every folder `migrationsBefore` made (call in afterAll). */
export function removeMigrationFolders(): void {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
}
