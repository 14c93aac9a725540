// ADR 010: pg-boss really starts on the test file's database (in-memory PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), runs jobs, and the app's own jobs deliver a notice's email and expire
// a lapsed offer without anyone calling them.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { emailOutbox, notifications, outgoingEmails, quotes } from '../../db/schema'
import { getDb, getDbKind } from '~/lib/db.server'
import { runningJobs, sendJob, startJobs, stopJobs } from '~/lib/jobs.server'
import { APP_JOBS } from '~/startup.server'
import { notify } from '~/modules/notifications/notify.server'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createUser } from '../factories/users'

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((r) => setTimeout(r, 200))
  }
}

afterAll(async () => {
  await stopJobs()
})

describe(`the job queue on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('starts, runs a job sent to a queue, retries one that throws, and stops', async () => {
    const seen: { data: unknown; retryCount: number }[] = []
    let failures = 0
    await startJobs([
      {
        name: 'test-echo',
        queue: { retryLimit: 2, retryDelay: 1 },
        pollingIntervalSeconds: 0.5,
        handler: async (jobs) => {
          for (const job of jobs) {
            if ((job.data as { fail?: boolean }).fail && failures++ === 0) throw new Error('first attempt fails')
            seen.push({ data: job.data, retryCount: job.retryCount })
          }
        },
      },
    ])
    expect(runningJobs()).not.toBeNull()
    expect(getDbKind()).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
    // pg-boss keeps its own schema beside the app's tables.
    const { rows } = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss' and table_name = 'job'`)
    expect(rows[0]!.n).toBe(1)
    expect(await sendJob('test-echo', { hello: 'world' })).toBe(true)
    expect(await sendJob('test-echo', { fail: true })).toBe(true)
    const got = await waitFor(async () => seen, (s) => s.length >= 2)
    expect(got).toEqual(expect.arrayContaining([{ data: { hello: 'world' }, retryCount: 0 }, { data: { fail: true }, retryCount: 1 }]))
    await stopJobs()
    expect(runningJobs()).toBeNull()
    expect(await sendJob('test-echo', {})).toBe(false)
    // The app database still works after the queue let go of it.
    await getDb().execute(sql`select 1`)
  })

  it("with the app's jobs: a notice's email is sent by the sweep, and a lapsed offer is expired at start", async () => {
    const buyer = await createUser({ profile: { userType: 'Buyer', country: 'India' } })
    const seller = await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved' } })
    const rfq = await createRfq(buyer.profileId!)
    const lapsed = await createQuote(rfq.id, seller.profileId!, { expiresAt: new Date(Date.now() - 60_000) })
    const [notice] = await getDb().transaction(async (tx) => {
      await notify(tx, { recipientId: buyer.profileId!, actorId: seller.profileId!, kind: 'quote_received', params: { title: rfq.title, amount: '10.00', currency: 'USD' }, link: `/rfqs/${rfq.id}/quotes/${lapsed.id}` })
      return tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.recipientId, buyer.profileId!))
    })

    await startJobs(APP_JOBS)
    const status = await waitFor(
      async () => (await getDb().select({ s: quotes.status }).from(quotes).where(eq(quotes.id, lapsed.id)))[0]!.s,
      (s) => s === 'Expired',
    )
    expect(status).toBe('Expired')
    const row = await waitFor(
      async () => (await getDb().select().from(notifications).where(eq(notifications.id, notice!.id)))[0]!,
      (r) => r.emailStatus === 'sent',
    )
    expect(row).toMatchObject({ emailStatus: 'sent', emailAttempts: 1 })
    expect(row.emailedAt).toBeInstanceOf(Date)
    // The notice's email goes out through the outgoing-mail queue (ADR 021), also run by the app's jobs.
    const mail = await waitFor(
      () => getDb().select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email)),
      (m) => m.length > 0,
    )
    expect(mail.map((m) => m.subject)).toEqual([`New quote on “${rfq.title}”`])
    // (The buyer's expiry notice below queues an email of its own, which may still be on its way.)
    const quoteMail = and(eq(outgoingEmails.to, buyer.email), eq(outgoingEmails.subject, `New quote on “${rfq.title}”`))
    expect(await getDb().select({ status: outgoingEmails.status, kind: outgoingEmails.kind }).from(outgoingEmails).where(quoteMail)).toEqual([
      { status: 'sent', kind: 'notification' },
    ])
    // Both parties got the expiry notice; their emails follow through the same queue.
    const expired = await getDb().select({ r: notifications.recipientId }).from(notifications).where(eq(notifications.kind, 'quote_expired'))
    expect(expired.map((e) => e.r).sort()).toEqual([buyer.profileId, seller.profileId].sort())
    await stopJobs()
  })
})
