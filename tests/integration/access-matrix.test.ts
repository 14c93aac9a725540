// Every route × every kind of visitor → the status the matrix in tests/access/matrix.ts expects,
// through the production build (middleware, loaders, actions and rendering, as in production).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACTORS, createActors } from '../access/actors'
import { createFixtures, type Fixtures } from '../access/fixtures'
import { ACCESS_MATRIX, expandRule, type Case, type Expected } from '../access/matrix'
import { useTempStorage } from '../factories/files'
import { builtRouteIds, declaredRouteIds, dispatch, isRouterRefusalLog, readBody } from '../support/app'

// The matrix and fuzz runs send hundreds of writes as each actor within minutes: the per-account limits
// (app/lib/action-limits.ts) stay on but 1000 times higher here, so each request reaches the route it
// tests; tests/integration/action-limits*.test.ts check the limits at their real numbers.
process.env.ACTION_RATE_LIMIT_SCALE ??= '1000'

const manifest = await builtRouteIds()
let fixtures: Fixtures
let storage: ReturnType<typeof useTempStorage>

beforeAll(async () => {
  // Every 404 and 405 below would be logged; anything else still is.
  const log = console.error.bind(console)
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!isRouterRefusalLog(args)) log(...args)
  })
  storage = useTempStorage()
  fixtures = await createFixtures(await createActors())
}, 60_000)
afterAll(() => {
  vi.restoreAllMocks()
  storage.cleanup()
})

describe('the access matrix', () => {
  it('is built from the current app/routes.ts', async () => {
    // A stale build would hide a new route from the check below.
    expect(manifest, 'build/ is older than app/routes.ts: run `npm run build`').toEqual(await declaredRouteIds())
  })

  it('has a rule for every route and no rule for a route that is gone', () => {
    const missing = manifest.filter((id) => !(id in ACCESS_MATRIX))
    const stale = Object.keys(ACCESS_MATRIX).filter((id) => !manifest.includes(id))
    expect(
      missing,
      `route(s) ${missing.join(', ')} have no access rule: add GET and POST cases for them to ACCESS_MATRIX in tests/access/matrix.ts (see tests/README.md)`,
    ).toEqual([])
    expect(stale, `ACCESS_MATRIX in tests/access/matrix.ts names route(s) that no longer exist: ${stale.join(', ')}`).toEqual([])
    for (const [id, rules] of Object.entries(ACCESS_MATRIX)) {
      expect(rules.GET.length, `${id}: add at least one GET case`).toBeGreaterThan(0)
      expect(rules.POST.length, `${id}: add at least one POST case`).toBeGreaterThan(0)
      for (const c of [...rules.GET, ...rules.POST]) expandRule(c.expect)
    }
  })
})

function label(c: Case) {
  return c.label ?? (c.path as string)
}

async function check(response: Response, expected: Expected) {
  const e = typeof expected === 'number' ? { status: expected } : expected
  const body = await readBody(response)
  const seen = { status: response.status, location: response.headers.get('Location') }
  expect(seen).toMatchObject({ status: e.status, ...(e.location !== undefined ? { location: e.location } : {}) })
  // Booleans, not toContain: a failure should not print a whole HTML page.
  if (e.contains) expect(body.includes(e.contains), `the page should contain "${e.contains}"`).toBe(true)
  if (e.lacks) expect(body.includes(e.lacks), `the page should not contain "${e.lacks}"`).toBe(false)
}

for (const [id, rules] of Object.entries(ACCESS_MATRIX)) {
  describe(id, () => {
    for (const method of ['GET', 'POST'] as const) {
      for (const c of rules[method]) {
        const expectations = expandRule(c.expect)
        it.each(ACTORS)(`${method} ${label(c)} as %s`, async (actor) => {
          const session = fixtures.actors[actor]
          const path = typeof c.path === 'function' ? c.path(fixtures) : c.path
          const response = await dispatch(path, {
            method,
            cookie: c.endsSession ? session.spareCookie : session.cookie,
            headers: c.headers,
            body: method === 'POST' ? (c.body?.(fixtures) ?? new URLSearchParams()) : undefined,
          })
          await check(response, expectations[actor])
        })
      }
    }
  })
}
