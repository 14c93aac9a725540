// Test data for a browser spec, each spec its own: users, sellers with products, admins, made in the
// database of the lane's e2e server (through its factory host, factory-host.mjs) and never shared with
// another spec. Sign in with sign-in.ts.
import http from 'node:http'
import type { factories as Service } from './factory-service'
import { factorySocketPath } from './factory-socket.mjs'

type Factories = typeof Service

type Result<K extends keyof Factories> = Awaited<ReturnType<Factories[K]>>

async function call<K extends keyof Factories>(name: K, options: Parameters<Factories[K]>[0]): Promise<Result<K>> {
  const socketPath = factorySocketPath(process.env.E2E_PORT ?? 3210)
  const body = JSON.stringify(options ?? {})
  return new Promise<Result<K>>((resolve, reject) => {
    const req = http.request({ socketPath, path: `/${name}`, method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        if (res.statusCode === 200) resolve(parsed as Result<K>)
        else reject(new Error(`factory ${name} failed (${res.statusCode}): ${parsed.error}`))
      })
    })
    req.on('error', (err) => reject(new Error(`cannot reach the e2e server's factories at ${socketPath}: ${err.message}`)))
    req.end(body)
  })
}

/** A verified buyer with a complete profile. */
export const createBuyer = (options: Parameters<Factories['buyer']>[0] = {}) => call('buyer', options)
/** A verified seller, KYC Approved unless told otherwise, with the products asked for. */
export const createSeller = (options: Parameters<Factories['seller']>[0] = {}) => call('seller', options)
/** A verified seller whose KYC is Pending, with a stored document unless `document: false`. */
export const createPendingSeller = (options: Omit<Parameters<Factories['seller']>[0] & object, 'kycStatus'> = {}) =>
  call('seller', { document: true, ...options, kycStatus: 'Pending' })
/** An open report on a conversation between a new buyer and a new seller. */
export const createReportedConversation = (options: Parameters<Factories['reportedConversation']>[0]) => call('reportedConversation', options)
/** A Delivered order between a new buyer and seller, with an open dispute from the buyer. */
export const createDisputedOrder = (options: Parameters<Factories['dispute']>[0] = {}) => call('dispute', options)
/** A Pending order between a new buyer and seller with 30/70 payment milestones (on acceptance, 14 days after shipment). */
export const createMilestoneOrder = () => call('milestoneOrder', undefined)
/** An admin panel account with `role` (default admin). */
export const createAdmin = (options: Parameters<Factories['admin']>[0] = {}) => call('admin', options)

export type { E2eProduct, E2eUser } from './factory-service'
