// /notifications (issue 8 item 10): the signed-in user's own notices, 20 a page, newest first;
// opening one marks it read and goes to its page; "Mark all as read"; someone else's id is 404 and
// writes nothing; the root loader's unread count follows.
import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { countUnreadNotifications } from '~/modules/notifications/queries.server'
import { action, loader } from '~/routes/account/notifications'
import { createUser, signInCookie } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'

async function person(profile = true) {
  const u = await createUser(profile ? { profile: { userType: 'Buyer', country: 'India' } } : { profile: null })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}

/** Inserts `n` notices for the recipient, one second apart, the last the newest; returns their ids oldest first. */
async function notices(recipientId: string, n: number) {
  const base = Date.now() - n * 1000
  const rows = await getDb()
    .insert(notifications)
    .values(Array.from({ length: n }, (_, i) => ({ recipientId, kind: 'order_status_changed' as const, params: { order: `o${String(i).padStart(7, '0')}`, status: 'Shipped' }, link: `/orders/${i}`, createdAt: new Date(base + i * 1000) })))
    .returning({ id: notifications.id })
  return rows.map((r) => r.id)
}

async function fingerprint() {
  const r = await getDb().execute(sql`select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as f, count(*) filter (where read_at is null) as unread from notifications`)
  return JSON.stringify(r.rows[0])
}

type Page = { list: { items: { id: string; kind: string; params: Record<string, string>; link: string; read: boolean }[]; page: number; pageCount: number; total: number; unread: number } | null }

describe('/notifications', () => {
  let owner: Awaited<ReturnType<typeof person>>
  let other: Awaited<ReturnType<typeof person>>
  let ids: string[]
  let othersId: string
  beforeAll(async () => {
    owner = await person()
    other = await person()
    ids = await notices(owner.profileId!, 23)
    ;[othersId] = await notices(other.profileId!, 1)
  })

  it('sends visitors to sign in and back', async () => {
    const res = await callRoute(loader, '/notifications')
    expect(res.status).toBe(302)
    expect(res.location).toBe('/login?redirectTo=%2Fnotifications')
    const post = await callRoute(action, '/notifications', { body: form({ intent: 'read-all' }) })
    expect(post.location).toBe('/login?redirectTo=%2Fnotifications')
  })

  it('lists only the owner’s notices, newest first, 20 a page, unread marked', async () => {
    const first = (await callRoute(loader, '/notifications', { cookie: owner.cookie })).data as Page
    expect(first.list).toMatchObject({ page: 1, pageCount: 2, total: 23, unread: 23 })
    expect(first.list!.items).toHaveLength(20)
    expect(first.list!.items[0]).toEqual({ id: ids[22], kind: 'order_status_changed', params: { order: 'o0000022', status: 'Shipped' }, link: '/orders/22', read: false, createdAt: expect.any(String) })
    expect(first.list!.items.map((i) => i.id)).toEqual(ids.slice(3).reverse())
    const second = (await callRoute(loader, '/notifications?page=2', { cookie: owner.cookie })).data as Page
    expect(second.list!.items.map((i) => i.id)).toEqual(ids.slice(0, 3).reverse())
    // Past the end or nonsense: the last page and the first.
    expect(((await callRoute(loader, '/notifications?page=99', { cookie: owner.cookie })).data as Page).list!.page).toBe(2)
    expect(((await callRoute(loader, '/notifications?page=-1', { cookie: owner.cookie })).data as Page).list!.page).toBe(1)
    const others = (await callRoute(loader, '/notifications', { cookie: other.cookie })).data as Page
    expect(others.list!.items.map((i) => i.id)).toEqual([othersId])
  })

  it('a user without a profile gets the page shell (the layout shows the profile form), and their POST is 404', async () => {
    const bare = await person(false)
    expect(((await callRoute(loader, '/notifications', { cookie: bare.cookie })).data as Page).list).toBeNull()
    const before = await fingerprint()
    expect((await callRoute(action, '/notifications', { cookie: bare.cookie, body: form({ intent: 'read-all' }) })).status).toBe(404)
    expect(await fingerprint()).toBe(before)
  })

  it('opening one marks it read and goes to its page; the unread count drops by one', async () => {
    expect(await countUnreadNotifications(owner.profileId!)).toBe(23)
    const res = await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'open', id: ids[5]! }) })
    expect(res.status).toBe(302)
    expect(res.location).toBe('/orders/5')
    expect(await countUnreadNotifications(owner.profileId!)).toBe(22)
    const [row] = await getDb().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, ids[5]!))
    const firstRead = row!.readAt
    expect(firstRead).toBeInstanceOf(Date)
    // Opening it again follows the link and keeps the first read time.
    expect((await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'open', id: ids[5]! }) })).location).toBe('/orders/5')
    const [again] = await getDb().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, ids[5]!))
    expect(again!.readAt).toEqual(firstRead)
  })

  it('someone else’s, a forged or a malformed id: 404 / 400, and nothing is written', async () => {
    const before = await fingerprint()
    expect((await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'open', id: othersId }) })).status).toBe(404)
    expect((await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'open', id: randomUUID() }) })).status).toBe(404)
    const bad = await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'open', id: 'not-a-uuid' }) })
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({ formError: 'notifications:errors.invalid' })
    expect((await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'delete-everything' }) })).status).toBe(400)
    expect(await fingerprint()).toBe(before)
    const [theirs] = await getDb().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, othersId))
    expect(theirs!.readAt).toBeNull()
  })

  it('"Mark all as read" marks only the caller’s own, with a toast', async () => {
    const res = await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'read-all' }) })
    expect(res.status).toBe(302)
    expect(res.location).toBe('/notifications')
    expect(await toastOf(res.response)).toMatchObject({ type: 'success', key: 'notifications:allRead' })
    expect(await countUnreadNotifications(owner.profileId!)).toBe(0)
    expect(await countUnreadNotifications(other.profileId!)).toBe(1)
    const rows = await getDb().select({ readAt: notifications.readAt }).from(notifications).where(inArray(notifications.id, ids))
    expect(rows.every((r) => r.readAt !== null)).toBe(true)
    const again = await callRoute(action, '/notifications', { cookie: owner.cookie, body: form({ intent: 'read-all' }) })
    expect(await toastOf(again.response)).toMatchObject({ key: 'notifications:nothingUnread' })
  })
})
