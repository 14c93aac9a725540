// The rfqs module's scheduled work (ADR 010): expiring lapsed offers and past-deadline RFQs.
import type { JobDefinition } from '~/lib/jobs.server'
import { expireLapsedOffers } from './expiry.server'

export const EXPIRY_QUEUE = 'quote-expiry'

export const RFQ_JOBS: JobDefinition[] = [
  {
    name: EXPIRY_QUEUE,
    // short: at most one run waiting; a run that overlaps the next tick simply finds less to do.
    queue: { policy: 'short', retryLimit: 2, retryDelay: 10, expireInSeconds: 300 },
    cron: '* * * * *',
    runAtStart: true,
    handler: async () => {
      const result = await expireLapsedOffers()
      if (result.quotes || result.rfqs) console.log(`[setu] expiry: ${result.quotes} quote(s), ${result.rfqs} RFQ(s) expired`)
    },
  },
]
