import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { DatabaseLockedError, getDb, openDatabase } from '~/lib/db.server'

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

describe('embedded database lock', () => {
  it('refuses a second opener of the same PGlite directory with a clear message', async () => {
    const dir = tempDir()
    const first = await openDatabase({ pgliteDir: dir })
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(DatabaseLockedError)
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/already open in another process/)
    await first.close()
    const again = await openDatabase({ pgliteDir: dir })
    await again.close()
  })

  it('refuses while another live process holds the lock and takes over a stale one', async () => {
    const dir = tempDir()
    // A live foreign pid (our parent process) holds the lock.
    fs.writeFileSync(path.join(dir, 'setu.lock'), String(process.ppid))
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`pid ${process.ppid}`)
    // A pid that no longer runs: the lock is stale and is taken over.
    fs.writeFileSync(path.join(dir, 'setu.lock'), '999999999')
    const handle = await openDatabase({ pgliteDir: dir })
    expect(fs.readFileSync(path.join(dir, 'setu.lock'), 'utf8')).toBe(String(process.pid))
    await handle.close()
    expect(fs.existsSync(path.join(dir, 'setu.lock'))).toBe(false)
  })
})

describe('migrations', () => {
  it('create the catalog tables and the trigram extension', async () => {
    const result = await getDb().execute(sql`select extname from pg_extension where extname = 'pg_trgm'`)
    expect(result.rows).toHaveLength(1)
    const tables = await getDb().execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    const names = tables.rows.map((r) => (r as { table_name: string }).table_name)
    expect(names).toEqual(expect.arrayContaining(['categories', 'products', 'product_translations', 'profiles', 'users', 'sessions']))
  })
})
