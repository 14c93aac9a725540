// The unread-message email's background work (ADR 010, ADR 011): a sweep every minute claims the
// messages unread for 10 minutes and queues one email job per recipient in the same transaction.
import { sql } from 'drizzle-orm'
import { fromDrizzle } from 'pg-boss'
import { runningJobs, type JobDefinition } from '~/lib/jobs.server'
import { deliverMessageNotice, sweepMessageNotices, type EnqueueNotice, type MessageNoticeBatch } from './notice-email.server'

export const MESSAGE_NOTICE_EMAIL_QUEUE = 'message-notice-email'
export const MESSAGE_NOTICE_SWEEP_QUEUE = 'message-notice-sweep'

/** Queues the batch's email through the sweep's own transaction: the claim and the job commit together, or neither. */
export const enqueueNoticeJob: EnqueueNotice = async (tx, batch) => {
  const boss = runningJobs()
  // Without a queue the claim must not stand: throwing rolls it back for a sweep that has one.
  if (!boss) throw new Error('the job queue is not running')
  await boss.send(MESSAGE_NOTICE_EMAIL_QUEUE, batch, { db: fromDrizzle(tx, sql) })
}

export const MESSAGE_NOTICE_JOBS: JobDefinition[] = [
  {
    name: MESSAGE_NOTICE_EMAIL_QUEUE,
    // Backoff from 30 s doubling to at most an hour: ten retries cover a mail server down for hours.
    queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 20 * 60 },
    handler: async (jobs) => {
      for (const job of jobs as { id: string; data: MessageNoticeBatch; retryCount: number; retryLimit: number }[]) {
        try {
          await deliverMessageNotice(job.data)
        } catch (err) {
          if (job.retryCount >= job.retryLimit) {
            console.error(`[setu] unread-message email to profile ${job.data?.recipientId} failed for good (job ${job.id}): ${err instanceof Error ? err.message : err}`)
          }
          throw err
        }
      }
    },
  },
  {
    name: MESSAGE_NOTICE_SWEEP_QUEUE,
    queue: { policy: 'short', retryLimit: 1, expireInSeconds: 120 },
    cron: '* * * * *',
    runAtStart: true,
    handler: async () => {
      await sweepMessageNotices({ enqueue: enqueueNoticeJob })
    },
  },
]
