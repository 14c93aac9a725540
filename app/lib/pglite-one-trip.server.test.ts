// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The one-trip PGlite client (pglite-one-trip.server.ts) must answer exactly as PGlite's query()
// does: same rows and types, same errors, the same place relative to transactions.
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PREPARED, oneTripClient, oneTripStats } from './pglite-one-trip.server'

let client: PGlite
let fast: PGlite

beforeAll(async () => {
  client = await PGlite.create()
  fast = oneTripClient(client)
  await client.exec(`create table items (id serial primary key, name text not null, price numeric(12,2), tags text[], meta jsonb, at timestamptz, ok boolean)`)
  await client.query(`insert into items (name, price, tags, meta, at, ok) values ('tea', 12.50, '{a,b}', '{"x":[1,2]}', '2026-11-27T10:00:00Z', true), ('rice', null, '{}', null, null, false)`)
})
afterAll(async () => {
  await client.close()
})

/** Counts of the two paths over `fn`. */
async function paths(fn: () => Promise<unknown>) {
  const before = { ...oneTripStats }
  await fn()
  return { oneTrip: oneTripStats.oneTrip - before.oneTrip, fallback: oneTripStats.fallback - before.fallback }
}

/** The statements Postgres holds prepared for the session, by statement text. */
async function preparedTexts(): Promise<string[]> {
  return (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement)
}

const STATEMENTS: [string, string, unknown[]][] = [
  ['every column type, no parameters', 'select * from items order by id', []],
  ['text and number parameters', 'select id, name, price from items where name = $1 or price > $2 order by id', ['rice', 10]],
  ['a boolean parameter', 'select name from items where ok = $1', [true]],
  ['a boolean in a text context', 'select $1::text as t, $2::text as f', [true, false]],
  ['a null parameter', 'select coalesce($1::text, $2) as v', [null, 'fallback']],
  ['untyped parameters', 'select $1 as a, $2 as b', ['x', 'y']],
  ['json built in the statement', `select json_agg(json_build_array(id, name) order by id) as j from items`, []],
  ['no rows', 'select * from items where id = $1', [-1]],
]

describe('one trip per query', () => {
  it.each(STATEMENTS)('answers like PGlite for %s, in both row modes', async (_name, text, params) => {
    for (const rowMode of ['object', 'array'] as const) {
      const used = await paths(async () => {
        expect(await fast.query(text, params, { rowMode })).toEqual(await client.query(text, params, { rowMode }))
      })
      expect(used).toEqual({ oneTrip: 1, fallback: 0 })
    }
  })

  it('applies the caller’s parsers, as drizzle passes them', async () => {
    const parsers = { 1184: (v: string) => `at:${v}`, 1700: (v: string) => `n:${v}` }
    const text = 'select id, at, price from items where id = 1'
    expect(await fast.query(text, [], { rowMode: 'array', parsers })).toEqual(await client.query(text, [], { rowMode: 'array', parsers }))
    const [row] = (await fast.query<{ id: number; at: string }>(text, [], { parsers })).rows
    expect(row.at).toMatch(/^at:2026-11-27/)
    // A type the caller has no parser for is still read by the client's own (int4: a number).
    expect(row.id).toBe(1)
    // The caller's parsers apply to that query only.
    expect((await fast.query<{ at: unknown }>(text)).rows[0].at).toBeInstanceOf(Date)
  })

  it('sends a Date, an array or an object through PGlite’s query(), which knows their types', async () => {
    const cases: [string, unknown[]][] = [
      ['select count(*)::int as n from items where at = $1', [new Date('2026-11-27T10:00:00Z')]],
      ['select count(*)::int as n from items where tags = $1', [['a', 'b']]],
      ['select count(*)::int as n from items where meta = $1', [{ x: [1, 2] }]],
    ]
    for (const [text, params] of cases) {
      const used = await paths(async () => {
        expect((await fast.query<{ n: number }>(text, params)).rows).toEqual([{ n: 1 }])
      })
      expect(used).toEqual({ oneTrip: 0, fallback: 1 })
    }
  })

  it('writes, and reports the rows it changed', async () => {
    const res = await fast.query(`insert into items (name) values ($1), ($2) returning name`, ['salt', 'pepper'])
    expect(res.rows).toEqual([{ name: 'salt' }, { name: 'pepper' }])
    expect(res.affectedRows).toBe(2)
    expect((await fast.query(`delete from items where name in ($1, $2)`, ['salt', 'pepper'])).affectedRows).toBe(2)
  })

  it('throws the database error with its code and statement, and the next query works', async () => {
    const error = await fast.query(`insert into items (name) values ($1)`, [null]).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23502', query: 'insert into items (name) values ($1)' })
    await expect(fast.query('select $1::int as broken', ['not a number'])).rejects.toMatchObject({ code: '22P02' })
    expect((await fast.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('waits for a running transaction instead of landing inside it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inserted!: () => void
    const didInsert = new Promise<void>((resolve) => (inserted = resolve))
    const tx = fast
      .transaction(async (t) => {
        await t.query(`insert into items (name) values ('uncommitted')`)
        inserted()
        await held
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    await didInsert
    const count = fast.query<{ n: number }>(`select count(*)::int as n from items where name = $1`, ['uncommitted'])
    release()
    expect(await tx).toBe('rolled back')
    expect((await count).rows).toEqual([{ n: 0 }])
  })

  it('keeps concurrent queries apart', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => fast.query<{ v: number }>('select $1::int * 2 as v', [i])))
    expect(results.map((r) => r.rows[0].v)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2))
  })
})

describe('prepared statements', () => {
  it('prepares a statement text once and runs it by name after that, with each run’s parameters', async () => {
    const text = 'select name from items where id = $1 and $2::text is not null'
    const before = oneTripStats.prepared
    for (const id of [1, 2, 1]) {
      expect((await fast.query(text, [id, 'x'])).rows).toEqual((await client.query(text, [id, 'x'])).rows)
    }
    expect(oneTripStats.prepared - before).toBe(1)
    expect(await preparedTexts()).toContain(text)
  })

  it('keeps no statement that failed to parse, and says what failed each time', async () => {
    const text = 'select nonsense from items where id = $1'
    for (let i = 0; i < 2; i++) {
      await expect(fast.query(text, [1])).rejects.toMatchObject({ code: '42703', query: text })
    }
    expect(await preparedTexts()).not.toContain(text)
    expect((await fast.query('select 2 as two')).rows).toEqual([{ two: 2 }])
  })

  it('keeps a statement whose run failed on its parameters, and runs it again with good ones', async () => {
    const text = 'select 10 / $1::int as q'
    await expect(fast.query(text, [0])).rejects.toMatchObject({ code: '22012' })
    expect((await fast.query(text, [5])).rows).toEqual([{ q: 2 }])
    await expect(fast.query(text, [0])).rejects.toMatchObject({ code: '22012' })
    expect((await fast.query(text, [2])).rows).toEqual([{ q: 5 }])
  })

  it('prepares again when a table it reads changed shape', async () => {
    await client.exec('create table shapes (a int)')
    await client.exec('insert into shapes values (1)')
    const text = 'select * from shapes where a = $1'
    expect((await fast.query(text, [1])).rows).toEqual([{ a: 1 }])
    await client.exec(`alter table shapes add column b text default 'new'`)
    expect((await fast.query(text, [1])).rows).toEqual([{ a: 1, b: 'new' }])
    await client.exec('drop table shapes')
  })

  it('keeps at most MAX_PREPARED statements, dropping the least recently used', async () => {
    const kept = 'select $1::int + 1000 as kept'
    await fast.query(kept, [1])
    for (let i = 0; i < MAX_PREPARED + 20; i++) {
      expect((await fast.query(`select $1::int + ${i} as v`, [1])).rows).toEqual([{ v: i + 1 }])
      // Used all along: never the least recent.
      if (i % 50 === 0) await fast.query(kept, [1])
    }
    const texts = await preparedTexts()
    expect(texts.length).toBeLessThanOrEqual(MAX_PREPARED + 1)
    expect(texts).toContain(`select $1::int + ${MAX_PREPARED + 19} as v`)
    expect(texts).not.toContain('select $1::int + 0 as v')
    expect(texts).toContain(kept)
  })
})
