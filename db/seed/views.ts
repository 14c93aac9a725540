// Demo product views (issue 10 item 8): a few weeks of distinct visitors per day on the active demo
// products, so the admin analytics' "top products by views" and the sellers' view counters show a
// market that has been visited. Deterministic: the same seed gives the same numbers.
import { sql } from 'drizzle-orm'
import type { Db } from '~/lib/db.server'
import { products, productViews } from '../schema'
import { demoProducts } from './products'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const DAY_MS = 24 * 60 * 60 * 1000
/** How far back the demo views go. */
export const DEMO_VIEW_DAYS = 42

/** A small deterministic generator (mulberry32), so the demo data is the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The view rows: each active product gets its own popularity, and 0–N distinct visitors a day. */
export function demoViewRows(now: number): (typeof productViews.$inferInsert)[] {
  const random = generator(20261125)
  const rows: (typeof productViews.$inferInsert)[] = []
  demoProducts
    .filter((p) => p.isActive !== false)
    .forEach((p, i) => {
      const popularity = 1 + ((i * 7) % 5) + random() * 3
      const firstDay = Math.min(DEMO_VIEW_DAYS, Math.floor(p.ageDays))
      for (let d = firstDay; d >= 1; d--) {
        const visitors = Math.floor(random() * popularity)
        const day = new Date(now - d * DAY_MS).toISOString().slice(0, 10)
        for (let v = 0; v < visitors; v++) rows.push({ productId: p.id, visitorKey: `demo-visitor-${(i * 31 + v * 7 + d) % 97}`, day })
      }
    })
  // A visitor counts once per product and day (the table's key): keep the first of any repeat.
  const seen = new Set<string>()
  return rows.filter((r) => {
    const key = `${r.productId}|${r.visitorKey}|${r.day}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Inserts the demo views and sets each product's view counter from them, as the app keeps it. */
export async function insertDemoViews(tx: Tx, now: number) {
  const rows = demoViewRows(now)
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(productViews).values(rows.slice(i, i + 1000))
  await tx.update(products).set({ viewCount: sql`(select count(*)::int from product_views v where v.product_id = ${products.id})` })
}
