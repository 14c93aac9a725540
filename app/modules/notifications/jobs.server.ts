// The notices' background work (ADR 010): one delivery job per notice, and the sweep that queues them.
import { queueRowJobs, rowDeliveryJobs, soonJob, type JobDefinition } from '~/lib/jobs.server'
import { deliverNotificationEmail, listUndeliveredNotifications } from './email-delivery.server'

export const NOTIFICATION_EMAIL_QUEUE = 'notification-email'
export const NOTIFICATION_SWEEP_QUEUE = 'notification-email-sweep'

/** Queues a delivery job for every pending notice; the queue keeps one job per notice (singletonKey = its id). */
export async function queuePendingEmails(): Promise<number> {
  return queueRowJobs(NOTIFICATION_EMAIL_QUEUE, await listUndeliveredNotifications())
}

/** Asks for the sweep soon (notify() calls it inside the event's transaction), instead of at the next minute. */
export const requestEmailSweep = soonJob(NOTIFICATION_SWEEP_QUEUE, 1_000)

export const NOTIFICATION_JOBS: JobDefinition[] = rowDeliveryJobs({
  queue: NOTIFICATION_EMAIL_QUEUE,
  sweepQueue: NOTIFICATION_SWEEP_QUEUE,
  deliver: deliverNotificationEmail,
  sweep: queuePendingEmails,
})
