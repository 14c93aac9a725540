// The notices' background work (ADR 010): one delivery job per notice, and the sweep that queues them.
import { sendJob, soonJob, type JobDefinition } from '~/lib/jobs.server'
import { deliverNotificationEmail, listUndeliveredNotifications } from './email-delivery.server'

export const NOTIFICATION_EMAIL_QUEUE = 'notification-email'
export const NOTIFICATION_SWEEP_QUEUE = 'notification-email-sweep'

type EmailJob = { id: string }

/** Queues a delivery job for every pending notice; the queue keeps one job per notice (singletonKey = its id). */
export async function queuePendingEmails(): Promise<number> {
  let queued = 0
  for (const id of await listUndeliveredNotifications()) {
    if (await sendJob(NOTIFICATION_EMAIL_QUEUE, { id }, { singletonKey: id })) queued++
  }
  return queued
}

/** Asks for the sweep soon (notify() calls it inside the event's transaction), instead of at the next minute. */
export const requestEmailSweep = soonJob(NOTIFICATION_SWEEP_QUEUE, 1_000)

export const NOTIFICATION_JOBS: JobDefinition[] = [
  {
    name: NOTIFICATION_EMAIL_QUEUE,
    // exclusive: one job per notice id is queued or running at a time, so the sweep cannot double it.
    // Backoff from 30 s doubling to at most an hour: ten retries cover a mail server down for hours.
    queue: { policy: 'exclusive', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 20 * 60 },
    handler: async (jobs) => {
      for (const job of jobs as { data: EmailJob; retryCount: number; retryLimit: number }[]) {
        if (typeof job.data?.id !== 'string') continue
        await deliverNotificationEmail(job.data.id, { lastAttempt: job.retryCount >= job.retryLimit })
      }
    },
  },
  {
    name: NOTIFICATION_SWEEP_QUEUE,
    queue: { policy: 'short', retryLimit: 1, expireInSeconds: 120 },
    cron: '* * * * *',
    runAtStart: true,
    handler: async () => {
      await queuePendingEmails()
    },
  },
]
