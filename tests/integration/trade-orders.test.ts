// Order status flow and timeline (issue 8 item 9), through the order page's and the Orders tab's actions.
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { changeOrderStatus } from '~/modules/orders/commands.server'
import { ORDER_STATUSES, type OrderStatus } from '~/domain'
import { action as tabAction } from '~/routes/seller/orders'
import OrderPage, { action as orderAction, loader as orderLoader } from '~/routes/trade/order'
import { createOrder } from '../factories/orders'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { renderPageText } from '../support/render-page'
import { callRoute, form, toastOf } from './account-support'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const newBuyer = () => signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = () => signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

/** Row count and newest row version of the tables a status change writes. */
async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from orders) o, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from order_events) e`,
  )
  return JSON.stringify(r.rows[0])
}

type ActorName = 'buyer' | 'seller' | 'otherSeller' | 'otherBuyer' | 'visitor'
const ACTORS: ActorName[] = ['buyer', 'seller', 'otherSeller', 'otherBuyer', 'visitor']
/** What is posted: a status from the seller's dialog, or the buyer's cancel. */
type Act = OrderStatus | 'cancel'
const ACTS: Act[] = [...ORDER_STATUSES, 'cancel']
const SELLER_NEXT: Record<OrderStatus, OrderStatus[]> = { Pending: ['Accepted', 'Cancelled'], Accepted: ['Shipped', 'Cancelled'], Shipped: ['Delivered'], Delivered: [], Cancelled: [] }

/** The whole state machine, written out independently of the policy module: 'ok' or the exact refusal. */
function expected(state: OrderStatus, actor: ActorName, act: Act): 'ok' | 'login' | 403 | 404 | 409 {
  if (actor === 'visitor') return 'login'
  if (actor === 'otherSeller' || actor === 'otherBuyer') return 404
  const target = act === 'cancel' ? 'Cancelled' : act
  if (actor === 'buyer') {
    if (target !== 'Cancelled') return 403
    return state === 'Pending' ? 'ok' : 409
  }
  return SELLER_NEXT[state].includes(target) ? 'ok' : 409
}

const bodyOf = (act: Act, note: string) => form(act === 'cancel' ? { intent: 'cancel', note } : { intent: 'status', status: act, note })

describe('the order status machine (/orders/:id)', () => {
  type Person = Awaited<ReturnType<typeof newBuyer>>
  let people: Record<Exclude<ActorName, 'visitor'>, Person>
  beforeAll(async () => {
    people = { buyer: await newBuyer(), seller: await newSeller(), otherSeller: await newSeller(), otherBuyer: await newBuyer() }
  })
  const cookieOf = (a: ActorName) => (a === 'visitor' ? null : people[a].cookie)

  for (const state of ORDER_STATUSES) {
    for (const actor of ACTORS) {
      for (const act of ACTS) {
        const want = expected(state, actor, act)
        it(`${state} × ${actor} × ${act} → ${want}`, async () => {
          const order = await createOrder(people.buyer.profileId, people.seller.profileId, state)
          const before = await fingerprint()
          const note = `note ${state} ${act}`
          const res = await callRoute(orderAction, `/orders/${order.id}`, { cookie: cookieOf(actor), body: bodyOf(act, note), params: { id: order.id } })
          if (want === 'ok') {
            expect(res.status).toBe(302)
            expect(res.location).toBe(`/orders/${order.id}`)
            expect(await toastOf(res.response)).toMatchObject({ type: 'success', key: actor === 'buyer' ? 'rfqs:orders.cancelled' : 'rfqs:orders.updated' })
            const target = act === 'cancel' ? 'Cancelled' : act
            const [row] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
            expect(row!.status).toBe(target)
            const events = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.createdAt))
            expect(events.map((e) => [e.status, e.note, e.actorId])).toEqual([
              ['Pending', null, people.buyer.profileId],
              [target, note, people[actor as 'buyer' | 'seller'].profileId],
            ])
            return
          }
          if (want === 'login') {
            expect(res.status).toBe(302)
            expect(res.location).toMatch(/^\/login\?redirectTo=/)
          } else {
            expect(res.status).toBe(want)
            if (want !== 404) expect((res.data as { formError: string }).formError).toMatch(/^rfqs:orders\.errors\./)
          }
          expect(await fingerprint()).toBe(before)
        })
      }
    }
  }

  it('refuses a status outside the list, a missing one and a note over 1000 characters (400), nothing written; strips NUL bytes', async () => {
    const order = await createOrder(people.buyer.profileId, people.seller.profileId)
    const before = await fingerprint()
    const post = (fields: Record<string, string>) => callRoute(orderAction, `/orders/${order.id}`, { cookie: people.seller.cookie, body: form(fields), params: { id: order.id } })
    expect((await post({ intent: 'status', status: 'Lost' })).data).toEqual({ formError: 'rfqs:orders.errors.status' })
    expect((await post({ intent: 'status', status: 'Lost' })).status).toBe(400)
    expect((await post({ intent: 'status' })).status).toBe(400)
    const long = await post({ intent: 'status', status: 'Accepted', note: 'x'.repeat(1001) })
    expect(long.status).toBe(400)
    expect(long.data).toEqual({ formError: 'rfqs:orders.errors.noteTooLong' })
    expect(await fingerprint()).toBe(before)
    const ok = await post({ intent: 'status', status: 'Accepted', note: '\u0000Confirmed\u0000, packing now ' })
    expect(ok.status).toBe(302)
    const [e] = await getDb().select().from(orderEvents).where(and(eq(orderEvents.status, 'Accepted'), eq(orderEvents.orderId, order.id)))
    expect(e!.note).toBe('Confirmed, packing now')
  })

  it('shows the page to the two parties only; a forged or malformed id is 404', async () => {
    const order = await createOrder(people.buyer.profileId, people.seller.profileId)
    await changeOrderStatus(people.seller.profileId, order.id, 'Accepted', 'Confirmed')
    const view = (a: ActorName, id = order.id) => callRoute(orderLoader, `/orders/${id}`, { cookie: cookieOf(a), params: { id } })
    const b = await view('buyer')
    const dto = (b.data as { order: { viewerRole: string; status: string; total: string; negotiationPath: string; events: { status: string; note: string | null; actorRole: string }[] } }).order
    expect(dto).toMatchObject({ viewerRole: 'buyer', status: 'Accepted', total: '5000.00', negotiationPath: `/rfqs/${order.rfqId}/quotes/${order.quoteId}` })
    expect(dto.events.map((e) => [e.status, e.note, e.actorRole])).toEqual([
      ['Pending', null, 'buyer'],
      ['Accepted', 'Confirmed', 'seller'],
    ])
    expect((await view('seller')).status).toBe(200)
    expect((await view('otherSeller')).status).toBe(404)
    expect((await view('otherBuyer')).status).toBe(404)
    expect((await view('visitor')).location).toMatch(/^\/login/)
    expect((await view('buyer', randomUUID())).status).toBe(404)
    expect((await view('buyer', 'not-a-uuid')).status).toBe(404)
  })
})

describe('the order page in the order’s unit (issue 28)', () => {
  it('shows the quantity in the unit and what the unit price is per, in the reader’s language', async () => {
    const [buyer, seller] = [await newBuyer(), await newSeller()]
    const order = await createOrder(buyer.profileId, seller.profileId, 'Accepted')
    await getDb().update(orders).set({ unit: 'tonnes' }).where(eq(orders.id, order.id))
    const page = await callRoute(orderLoader, `/orders/${order.id}`, { cookie: buyer.cookie, params: { id: order.id } })
    const en = await renderPageText(OrderPage as never, page.data, `/orders/${order.id}`)
    expect(en).toContain('$1,250.00 per tonne')
    expect(en).toContain('4 t')
    expect(await renderPageText(OrderPage as never, page.data, `/orders/${order.id}`, 'ru')).toContain('за тонну')
  })
})

describe('the Orders tab status dialog (/dashboard/orders)', () => {
  it('moves the seller’s own order one step with a note; another seller’s order or a forged id is 404, nothing written', async () => {
    const buyer = await newBuyer()
    const seller = await newSeller()
    const rival = await newSeller()
    const order = await createOrder(buyer.profileId, seller.profileId, 'Accepted')
    const post = (cookie: string, fields: Record<string, string>) => callRoute(tabAction, '/dashboard/orders?page=2', { cookie, body: form(fields) })
    const before = await fingerprint()
    expect((await post(rival.cookie, { intent: 'status', orderId: order.id, status: 'Shipped' })).status).toBe(404)
    expect((await post(seller.cookie, { intent: 'status', orderId: randomUUID(), status: 'Shipped' })).status).toBe(404)
    expect((await post(seller.cookie, { intent: 'status', orderId: 'x', status: 'Shipped' })).status).toBe(404)
    expect((await post(buyer.cookie, { intent: 'status', orderId: order.id, status: 'Cancelled' })).status).toBe(403)
    const skip = await post(seller.cookie, { intent: 'status', orderId: order.id, status: 'Delivered' })
    expect(skip.status).toBe(409)
    expect(skip.data).toEqual({ formError: 'rfqs:orders.errors.notNext' })
    expect(await fingerprint()).toBe(before)
    const ok = await post(seller.cookie, { intent: 'status', orderId: order.id, status: 'Shipped', note: 'AWB 123-456' })
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/dashboard/orders?page=2')
    expect(await toastOf(ok.response)).toMatchObject({ type: 'success', key: 'rfqs:orders.updated' })
    const events = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.createdAt))
    expect(events.map((e) => [e.status, e.note, e.actorId])).toEqual([
      ['Pending', null, buyer.profileId],
      ['Shipped', 'AWB 123-456', seller.profileId],
    ])
  })
})

describe('two changes at once', () => {
  it('of two concurrent changes from the same status, exactly one applies; the other is 409 and writes no event', async () => {
    const buyer = await newBuyer()
    const seller = await newSeller()
    for (let i = 0; i < 5; i++) {
      const order = await createOrder(buyer.profileId, seller.profileId, 'Accepted')
      const results = await Promise.all([changeOrderStatus(seller.profileId, order.id, 'Shipped', 'first'), changeOrderStatus(seller.profileId, order.id, 'Cancelled', 'second')])
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      const lost = results.find((r) => !r.ok)
      expect(lost && !lost.ok && lost.status).toBe(409)
      const [row] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
      const winner = results.find((r) => r.ok)
      expect(row!.status).toBe(winner && winner.ok && winner.status)
      const events = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
      expect(events.map((e) => e.status).sort()).toEqual(['Pending', row!.status].sort())
    }
    // The buyer's cancel racing the seller's accept: one wins.
    const order = await createOrder(buyer.profileId, seller.profileId, 'Pending')
    const race = await Promise.all([changeOrderStatus(buyer.profileId, order.id, 'Cancelled', null), changeOrderStatus(seller.profileId, order.id, 'Accepted', null)])
    expect(race.filter((r) => r.ok)).toHaveLength(1)
    expect(await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(2)
  })
})
