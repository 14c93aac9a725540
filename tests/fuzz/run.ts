// The fuzz harness shared by tests/integration/fuzz-*.test.ts: sends fast-check's hostile requests
// through the production build and checks that, whatever comes in, the app answers below 500, shows no
// stack trace or error text, logs no server error, refuses cross-site posts, and writes nothing to the
// database when it refuses. FUZZ_RUNS sets the runs per route (CI: 600 on PGlite, 200 on PostgreSQL;
// default 50); FUZZ_SEED replays a failure with the seed fast-check printed.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inArray } from 'drizzle-orm'
import { adminSessions } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { ACTORS, createActors, restoreSessions, saveSessions } from '../access/actors'
import { createFixtures, type Fixtures } from '../access/fixtures'
import { adminCookie, createAdmin } from '../factories/admins'
import { useTempStorage } from '../factories/files'
import { builtRouteIds, dispatch, isRouterRefusalLog, readBody } from '../support/app'
import { dbFingerprint, fingerprintTables } from '../support/db-fingerprint'
import { formBody, NASTY_STRINGS, queryString, type FuzzBody } from './arbitraries'
import { FUZZ_TARGETS, type FuzzTarget } from './targets'

// The matrix and fuzz runs send hundreds of writes as each actor within minutes: the per-account limits
// (app/lib/action-limits.ts) stay on but 1000 times higher here, so each request reaches the route it
// tests; tests/integration/action-limits*.test.ts check the limits at their real numbers.
process.env.ACTION_RATE_LIMIT_SCALE ??= '1000'

export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 50)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

type Origin = 'same' | 'none' | 'cross'
/** The admin session sent along on admin routes: none, the most powerful role, or the least. */
type FuzzAdmin = 'super_admin' | 'moderator' | null
export type FuzzRequest = {
  actor: (typeof ACTORS)[number]
  /** An admin session sent with the actor's cookie (admin routes only). */
  admin?: FuzzAdmin
  method: 'GET' | 'POST'
  /** document: a page load; data: React Router's `.data` request, as client-side navigation sends. */
  mode: 'document' | 'data'
  path: string
  query: string
  body: FuzzBody | null
  origin: Origin
  crossSiteHeaders: Record<string, string>
}

let fixtures: Fixtures
let storage: ReturnType<typeof useTempStorage>
let tables: string[]
let sessionRows: Awaited<ReturnType<typeof saveSessions>>
let adminCookies: Record<'super_admin' | 'moderator', string>
let adminSessionRows: (typeof adminSessions.$inferSelect)[]
/** Server errors the app logged, other than React Router's expected refusals. */
const logged: string[] = []

/** Creates the actors, fixtures and log watch for one test file (each file has its own database). */
export function setUpFuzzing() {
  beforeAll(async () => {
    storage = useTempStorage()
    fixtures = await createFixtures(await createActors())
    tables = await fingerprintTables()
    sessionRows = await saveSessions(Object.values(fixtures.actors))
    // Admin routes are also fuzzed with an admin session: their loaders and actions read what an admin sends.
    const superAdmin = await createAdmin({ role: 'super_admin' })
    const moderator = await createAdmin({ role: 'moderator' })
    adminCookies = { super_admin: await adminCookie(superAdmin.email, superAdmin.password), moderator: await adminCookie(moderator.email, moderator.password) }
    adminSessionRows = await getDb().select().from(adminSessions).where(inArray(adminSessions.userId, [superAdmin.id, moderator.id]))
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (isRouterRefusalLog(args)) return
      logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ').slice(0, 2000))
    })
    // better-auth warns of every wrong password and unknown email: thousands of lines, none a fault.
    const warn = console.warn.bind(console)
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!args.some((a) => typeof a === 'string' && a.includes('[Better Auth]'))) warn(...args)
    })
  }, 60_000)
  afterAll(() => {
    vi.restoreAllMocks()
    storage.cleanup()
  })
}

/** `.data` URL of a path, as React Router's client requests loader and action data. */
function dataPath(path: string) {
  return path === '/' ? '/_root.data' : `${path.replace(/\/$/, '')}.data`
}

function requestArbitrary(target: FuzzTarget, f: Fixtures, adminRoute: boolean): fc.Arbitrary<FuzzRequest> {
  const common = {
    actor: fc.constantFrom(...ACTORS),
    admin: adminRoute ? fc.constantFrom<FuzzAdmin>(null, 'super_admin', 'super_admin', 'moderator') : fc.constant<FuzzAdmin>(null),
    // Rendering a page costs about three data requests (27 ms against 9 on a busy CI machine): a fifth
    // of the runs render, which keeps 1000 runs per route within the suite's time budget.
    mode: fc.oneof({ weight: 1, arbitrary: fc.constant('document' as const) }, { weight: 4, arbitrary: fc.constant('data' as const) }),
    path: target.path(f),
    query: queryString([...(target.query ?? []), 'lng'], f),
  }
  // Bodies are only generated for POSTs: generating them costs about as much as a data request.
  const get = fc.record({ ...common, method: fc.constant('GET' as const), body: fc.constant(null), origin: fc.constant<Origin>('same'), crossSiteHeaders: fc.constant({}) })
  const post = fc.record({
    ...common,
    method: fc.constant('POST' as const),
    body: fc.option(formBody(target.form ?? ['x'], target.files ?? [], f), { freq: 10 }),
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant<Origin>('same') },
      { weight: 1, arbitrary: fc.constant<Origin>('none') },
      { weight: 1, arbitrary: fc.constant<Origin>('cross') },
    ),
    crossSiteHeaders: fc.constantFrom<Record<string, string>>(
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: 'http://localhost:3000.evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ),
  })
  // Routes with an action get half their runs as POSTs; the others a fifth (they answer 405).
  return fc.oneof({ weight: target.action ? 1 : 4, arbitrary: get }, { weight: 1, arbitrary: post })
}

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m
// React Router's own 404/405 texts, serialised into the page's hydration data (never shown): they
// echo the path and name a route id, but no code or data. Noted in the project notes.
const ROUTER_MESSAGES = [
  /Error: You made a [A-Z]+ request to \\*"[^"\\]*\\*" but did not provide an `action` for route \\*"[^"\\]*\\*", so there is no way to handle the request\./g,
  /Error: No route matches URL \\*"[^"\\]*\\*"/g,
]
const withoutRouterMessages = (body: string) => ROUTER_MESSAGES.reduce((text, re) => text.replace(re, ''), body)

const LIVE_MARKUP = NASTY_STRINGS.filter((s) => s.includes('<'))

/** Sends one fuzzed request and checks the properties; throws with a short description on failure. */
export async function exercise(target: FuzzTarget, r: FuzzRequest) {
  const path = (r.mode === 'data' ? dataPath(r.path) : r.path) + r.query
  const isPost = r.method === 'POST'
  const headers: Record<string, string> = {}
  if (isPost && r.body?.contentType) headers['Content-Type'] = r.body.contentType
  if (isPost && r.origin === 'cross') Object.assign(headers, r.crossSiteHeaders)
  const fingerprinted = tables.filter((t) => !(target.endsSessions && (t === 'sessions' || t === 'admin_sessions')) && !(target.mailsOnRefusal && (t === 'email_outbox' || t === 'outgoing_emails')))
  const before = isPost ? await dbFingerprint(fingerprinted) : null
  const loggedBefore = logged.length

  const response = await dispatch(path, {
    method: r.method,
    cookie: [fixtures.actors[r.actor].cookie, r.admin ? adminCookies[r.admin] : null].filter(Boolean).join('; ') || null,
    headers,
    body: isPost ? (r.body?.body ?? null) : undefined,
    sameOrigin: r.origin === 'same',
  })
  // An event stream is judged on its opening bytes, then closed (it never ends by itself).
  const body = await readBody(response)
  const where = `${r.method} ${path.slice(0, 200)} as ${r.actor}${r.admin ? ` with a ${r.admin} session` : ''}`

  if (response.status >= 500) throw new Error(`${where} answered ${response.status}`)
  if (STACK_FRAME.test(body)) throw new Error(`${where} showed a stack trace: ${body.slice(0, 500)}`)
  const asked = `${path}\n${r.body?.text ?? ''}`
  const visible = withoutRouterMessages(body)
  const shown = visible.indexOf('Error:')
  if (shown >= 0 && !asked.includes('Error:')) throw new Error(`${where} showed an error message: …${visible.slice(Math.max(0, shown - 200), shown + 300)}…`)
  // Markup the fuzzer sent must come back escaped (a page) or inside a data payload, never as live HTML.
  if (r.mode === 'document' && response.headers.get('Content-Type')?.startsWith('text/html')) {
    for (const markup of LIVE_MARKUP) if (body.includes(markup)) throw new Error(`${where} echoed ${markup} unescaped`)
  }
  if (logged.length > loggedBefore) throw new Error(`${where} logged a server error: ${logged.slice(loggedBefore).join('\n')}`)
  // Our origin guard answers 403. An Origin that is not even a URL is refused earlier by React Router
  // (400), and a path no route matches (one holding a line break) is a 404 before any middleware runs.
  if (isPost && r.origin === 'cross' && ![403, 400, 404].includes(response.status)) {
    throw new Error(`${where} from another site answered ${response.status}, not 403`)
  }

  if (isPost) {
    // Refused: a 4xx, or sent to the login page (unless the form itself asked to go back there, as the
    // currency menu's redirectTo may: then the action did its work and went where it was told).
    const location = response.headers.get('Location') ?? ''
    const askedFor = new URLSearchParams(r.body?.text ?? '').get('redirectTo')
    const refused = response.status >= 400 || (location.startsWith('/login') && location !== askedFor)
    if (refused) {
      const after = await dbFingerprint(fingerprinted)
      if (after !== before) throw new Error(`${where} was refused (${response.status}) but wrote to the database:\nbefore ${before}\nafter  ${after}`)
    }
  }
  // Later runs need the sessions this one may have ended (an admin may suspend a user or sign out).
  if (isPost && (target.endsSessions || r.admin)) await restoreSessions(sessionRows)
  if (isPost && r.admin) await getDb().insert(adminSessions).values(adminSessionRows).onConflictDoNothing()
}

/** Declares one property test per route: FUZZ_RUNS hostile requests each. */
export function fuzzRoutes(ids: string[], opts: { runs?: number } = {}) {
  const runs = opts.runs ?? FUZZ_RUNS
  describe(`fuzzing (${runs} runs per route)`, () => {
    for (const id of ids) {
      const target = FUZZ_TARGETS[id]
      it(
        id,
        async () => {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(target, fixtures, id.startsWith('routes/admin/')), (r) => exercise(target, r)),
            { numRuns: runs, seed: SEED },
          )
        },
        // A busy two-core CI machine: generous, but a hang still fails.
        60_000 + runs * 250,
      )
    }
  })
}

/** Replays requests that once broke, as a visitor's page load unless they say otherwise. */
export function replay(cases: (Partial<FuzzRequest> & Pick<FuzzRequest, 'path' | 'query'>)[]) {
  describe('requests that fuzzing once broke', () => {
    it.each(cases)('$path $query', (r) =>
      exercise(FUZZ_TARGETS['routes/public/home'], { actor: 'visitor', method: 'GET', mode: 'document', body: null, origin: 'same', crossSiteHeaders: {}, ...r }),
    )
  })
}

/** Route ids of the build, checked against FUZZ_TARGETS: a route without an entry fails the suite. */
export async function fuzzCoverage() {
  const manifest = await builtRouteIds()
  describe('fuzz targets', () => {
    it('name every route, so a new route is fuzzed too', () => {
      const missing = manifest.filter((id) => !(id in FUZZ_TARGETS))
      const stale = Object.keys(FUZZ_TARGETS).filter((id) => !manifest.includes(id))
      expect(missing, `route(s) ${missing.join(', ')} are not fuzzed: add them to FUZZ_TARGETS in tests/fuzz/targets.ts (see tests/README.md)`).toEqual([])
      expect(stale, `FUZZ_TARGETS in tests/fuzz/targets.ts names route(s) that no longer exist: ${stale.join(', ')}`).toEqual([])
    })
  })
}
