import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server the benchmarks create their databases on. */
export const benchServerUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** True when the server answers within a few seconds. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Creates a uniquely named database (setu_bench_…) on the server of `serverUrl`; returns its URL and a drop function. */
export async function createBenchDatabase(serverUrl: string) {
  const name = `setu_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    try {
      await c.query(text)
    } finally {
      await c.end()
    }
  }
  await query(`CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { name, url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) }
}

/**
 * Lists the server processes (backends) connected to the database of `url`, other than its own, so
 * their CPU time can be read from /proc. Only for a server on this machine (loopback): elsewhere the
 * pids mean nothing here, and `list` returns [].
 */
export async function backendLister(url: string) {
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)
  if (!local) return { list: async () => [] as number[], close: async () => {} }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    list: async () =>
      (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map(
        (r) => r.pid,
      ),
    close: () => client.end(),
  }
}
