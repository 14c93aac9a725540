// One trip into PGlite per query (issue #11 item 2).
//
// PGlite's query() runs the extended protocol as six separate calls into the database: parse,
// describe the statement (only to learn the parameters' types, so that it can turn each JavaScript
// value into text), bind, describe the portal, execute and sync. Each call costs a pass through
// PGlite's JavaScript and Postgres's main loop; for the short statements of a public page that is
// most of a query's cost (a `select 1` took 0.94 ms through query() and 0.26 ms in one trip).
//
// When every parameter is a value whose text form does not depend on the parameter's type (text,
// a finite number, a boolean or null), the messages can go in one call, as node-postgres sends them
// to a PostgreSQL server: Postgres infers the same types from the statement either way. Anything
// else (a Date, an array, an object, bytes, COPY blobs, explicit parameter types, custom
// serializers) goes through PGlite's own query(), unchanged. Transactions are untouched: drizzle
// runs their statements on PGlite's transaction object, not on this client.
//
// The call takes the same two locks query() takes (a running transaction first, then the protocol),
// so a statement from this path never lands inside another caller's transaction or between another
// query's messages, and results are read by PGlite's own parser.
//
// Statements are also prepared once and kept (ADR 020, "Prepared statements"): the first run of a
// statement text parses it under a name, later runs only bind and execute that name. Postgres then
// keeps the statement's analysis and, after five runs, may keep a generic plan when it costs no more
// than planning each time; planning was most of a listing's database time (a page's cards: 2.5 ms of
// planning for 1.6 ms of work). At most MAX_PREPARED texts are kept, least recently used first out.
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'
import { concatBytes } from './bytes'

type Primitive = string | number | boolean | null | undefined

/** The options this path understands; any other option sends the query through PGlite's query(). */
const HANDLED_OPTIONS = new Set(['rowMode', 'parsers'])

/** The text a parameter is sent as, or undefined when only PGlite's typed serializers know it. */
function paramText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  // 'true'/'false' read as a boolean and, in a text context, as PGlite's serializer would write them.
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

/** The texts of `params` when all of them can be sent untyped, else null. */
function untypedParams(params: readonly unknown[]): (string | null)[] | null {
  const texts: (string | null)[] = []
  for (const p of params) {
    const text = paramText(p)
    if (text === undefined) return null
    texts.push(text)
  }
  return texts
}

function handledOptions(options: QueryOptions | undefined): boolean {
  if (!options) return true
  for (const [key, value] of Object.entries(options)) if (value !== undefined && !HANDLED_OPTIONS.has(key)) return false
  return true
}

/**
 * The client's parsers with the caller's on top. PGlite's parseResults merges them itself by copying
 * all of its ~320 type parsers into a new object for every query (`{ ...parsers, ...options.parsers }`),
 * and drizzle passes parsers with every query: that copy took 85 of the 90 µs of reading a one-row
 * result. A lookup through the prototype finds the same parser; parseResults reads them by property.
 */
function parsersFor(client: PGlite, options: QueryOptions | undefined): PGlite['parsers'] {
  if (!options?.parsers) return client.parsers
  return Object.assign(Object.create(client.parsers) as PGlite['parsers'], options.parsers)
}

/** How many queries went in one trip and how many through PGlite's query() (tests, diagnostics). */
export const oneTripStats = { oneTrip: 0, fallback: 0, prepared: 0, closed: 0 }

/** Statement texts kept prepared per client; a listing's filters and sorts make a few dozen. */
export const MAX_PREPARED = 200

/** Postgres errors after which a kept statement is dropped and the text prepared again, once. */
function isStaleStatement(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const { code, message } = err as { code?: string; message?: string }
  // 26000: the statement is gone; 0A000 "cached plan must not change result type": a table it reads changed shape.
  return code === '26000' || (code === '0A000' && /cached plan/.test(message ?? ''))
}

/**
 * `client` with a query() that sends each statement in one call when it can (see above). Everything
 * else drizzle uses (transaction) is PGlite's own.
 */
export function oneTripClient(client: PGlite): PGlite {
  /** Statement text → its name, least recently used first. */
  const prepared = new Map<string, string>()
  /** Names dropped from `prepared`, closed in Postgres with the next statement that prepares. */
  let toClose: string[] = []
  let nextName = 0

  /** The messages of one run of `text`: prepare it first when it is not kept yet. */
  function messagesFor(text: string, values: (string | null)[]): { message: Uint8Array; name: string; fresh: boolean } {
    let name = prepared.get(text)
    const fresh = name === undefined
    const parts: Uint8Array[] = []
    if (name === undefined) {
      name = `setu_${(nextName++).toString(36)}`
      for (const old of toClose) parts.push(protocol.serialize.close({ type: 'S', name: old }))
      oneTripStats.closed += toClose.length
      toClose = []
      parts.push(protocol.serialize.parse({ text, name }))
      prepared.set(text, name)
      oneTripStats.prepared++
      if (prepared.size > MAX_PREPARED) {
        const [oldest, oldName] = prepared.entries().next().value!
        prepared.delete(oldest)
        toClose.push(oldName)
      }
    } else {
      // Most recently used last.
      prepared.delete(text)
      prepared.set(text, name)
    }
    parts.push(
      protocol.serialize.bind({ statement: name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    )
    return { message: concatBytes(parts), name, fresh }
  }

  /** Forgets `text`'s statement, here and in Postgres (closing an unknown name is no error). */
  async function forget(text: string, name: string) {
    if (prepared.get(text) === name) prepared.delete(text)
    await client
      .execProtocolStream(concatBytes([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]), { syncToFs: false })
      .catch(() => {})
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const values = handledOptions(options) ? untypedParams(params) : null
    if (!values) {
      oneTripStats.fallback++
      return client.query<T>(text, params as Primitive[], options)
    }
    oneTripStats.oneTrip++
    await client._checkReady()
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let messages
        for (let attempt = 0; ; attempt++) {
          const { message, name, fresh } = messagesFor(text, values)
          try {
            messages = await client.execProtocolStream(message, { syncToFs: false })
            break
          } catch (err) {
            // A statement that failed to parse was never kept; one that failed later is kept, unless it went stale.
            const stale = !fresh && isStaleStatement(err)
            if (fresh || stale) await forget(text, name)
            if (stale && attempt === 0) continue
            // As PGlite's query() does: say which statement failed (logs), keep the database error's fields.
            if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: options })
            throw err
          }
        }
        await client.syncToFs()
        return parse.parseResults(messages, parsersFor(client, options), options?.rowMode ? { rowMode: options.rowMode } : undefined)[0] as Results<T>
      }),
    )
  }
  // A plain object, not a subclass: PGlite keeps its state in private fields of the instance itself.
  return {
    query,
    transaction: client.transaction.bind(client),
  } as unknown as PGlite
}
