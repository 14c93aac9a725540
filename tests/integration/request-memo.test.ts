// A page request reads the session and the signed-in user once, however many of its route loaders
// ask (app/lib/request-memo.server.ts): React Router gives each loader its own copy of the request, so
// a memo keyed by the Request object looked the session up once per loader. Counted through the
// production build, on the statements the database receives.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAdmin, adminCookie } from '../factories/admins'
import { createUser, signInCookie } from '../factories/users'
import { dispatch } from '../support/app'
import { getDb } from '~/lib/db.server'

let sellerCookie = ''
let buyerCookie = ''
let adminSessionCookie = ''

beforeAll(async () => {
  const seller = await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved' } })
  sellerCookie = await signInCookie(seller.email, seller.password)
  const buyer = await createUser({ profile: { userType: 'Buyer', country: 'India' } })
  buyerCookie = await signInCookie(buyer.email, buyer.password)
  const admin = await createAdmin({ role: 'super_admin' })
  adminSessionCookie = await adminCookie(admin.email, admin.password)
})

afterEach(() => vi.restoreAllMocks())

/** The statements sent to the database while `run` runs, as text. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  // The PGlite instance or the pg pool under drizzle: every statement goes through its query().
  const client = (getDb() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const texts: string[] = []
  const query = client.query.bind(client)
  vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const first = args[0] as string | { text?: string }
    texts.push(typeof first === 'string' ? first : (first.text ?? ''))
    return query(...args)
  })
  await run()
  vi.restoreAllMocks()
  return texts
}

const count = (texts: string[], re: RegExp) => texts.filter((t) => re.test(t)).length
const SESSION_READ = /from "sessions" where "sessions"\."token"/
const USER_READ = /from "users" left join "profiles"/
const ADMIN_SESSION_READ = /from "admin_sessions" where "admin_sessions"\."token"/

describe('one session lookup per page request', () => {
  it.each([
    ['the seller dashboard (document)', '/dashboard', () => sellerCookie],
    ['the seller dashboard (data)', '/dashboard.data', () => sellerCookie],
    ['a buyer’s orders (document)', '/orders', () => buyerCookie],
    ['the marketplace, signed in (data)', '/marketplace.data', () => buyerCookie],
    // Its count of the user's other sessions reads the current session from the same lookup.
    ['the account page (document)', '/profile', () => buyerCookie],
  ])('%s reads the session and the user once, and answers 200', async (_name, path, cookie) => {
    let status = 0
    const texts = await statementsDuring(async () => {
      const res = await dispatch(path, { cookie: cookie() })
      status = res.status
      await res.text()
    })
    expect(status).toBe(200)
    expect(count(texts, SESSION_READ)).toBe(1)
    expect(count(texts, USER_READ)).toBe(1)
  })

  it('one request’s lookup is not another’s: two users at once each get their own page', async () => {
    const [seller, buyer] = await Promise.all([dispatch('/dashboard.data', { cookie: sellerCookie }), dispatch('/dashboard.data', { cookie: buyerCookie })])
    expect(seller.status).toBe(200)
    // A buyer has no seller dashboard: the seller gate sends them away.
    expect(await buyer.text()).not.toContain('totalProducts')
    expect(await seller.text()).toContain('totalProducts')
  })

  it('an admin page reads the admin session once', async () => {
    let status = 0
    const texts = await statementsDuring(async () => {
      const res = await dispatch('/admin/dashboard', { cookie: adminSessionCookie })
      status = res.status
      await res.text()
    })
    expect(status).toBe(200)
    expect(count(texts, ADMIN_SESSION_READ)).toBe(1)
  })
})
