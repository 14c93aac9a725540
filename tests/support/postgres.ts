import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Creates a uniquely named database on the server of `baseUrl`, empty or as a copy of `template`
 * (tests/global-setup.ts); returns its name, URL and a drop function.
 */
export async function createTestPostgresDatabase(baseUrl: string, prefix = 'setu_test', template?: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}
