// A bounded closed-loop load run: `connections` keep-alive connections, each sending its next request
// as soon as the previous answer arrives, for `seconds`. autocannon drives the sockets; the latency
// of every response is recorded here, so the percentiles are exact (autocannon's own summary has no p95).
import autocannon from 'autocannon'
import { cpuDeltaMs } from './cpu'
import { summarize, type LatencySummary } from './stats'

export type LoadOptions = {
  url: string
  headers?: Record<string, string>
  connections: number
  seconds: number
  /** Seconds of load before the measured run, discarded (JIT, caches, connection set-up). */
  warmupSeconds?: number
  /** CPU milliseconds so far of the processes serving the load (see cpu.ts), sampled around the measured run. */
  cpu?: () => Promise<Map<number, number> | null>
}

export type LoadResult = {
  /** 2xx responses a second over the measured run. */
  rps: number
  latency: LatencySummary
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: number
  /** Mean response size (headers and body) in bytes. */
  bytesPerResponse: number
  /** CPU milliseconds the serving processes spent per 2xx response; null when not sampled. */
  cpuMsPerRequest: number | null
}

/** Runs the load against one URL and returns throughput and latency percentiles. Loopback only. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const host = new URL(opts.url).hostname
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`refusing to load ${host}: the benchmark runs on loopback only`)
  if (opts.warmupSeconds) await once(opts, opts.warmupSeconds, null)
  const latencies: number[] = []
  const cpuBefore = (await opts.cpu?.()) ?? null
  const r = await once(opts, opts.seconds, latencies)
  const cpuMs = cpuDeltaMs(cpuBefore, (await opts.cpu?.()) ?? null)
  const ok = r.ok
  return {
    cpuMsPerRequest: cpuMs !== null && ok > 0 ? cpuMs / ok : null,
    rps: ok / r.seconds,
    latency: summarize(latencies),
    failures: r.failures,
    bytesPerResponse: r.responses ? r.bytes / r.responses : 0,
  }
}

type Raw = { ok: number; failures: number; responses: number; bytes: number; seconds: number }

function once(opts: LoadOptions, seconds: number, latencies: number[] | null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let ok = 0
    let responses = 0
    let bytes = 0
    const instance = autocannon(
      { url: opts.url, connections: opts.connections, duration: seconds, headers: opts.headers ?? {}, pipelining: 1, timeout: 30 },
      (err, result) => {
        if (err) return reject(err)
        resolve({ ok, responses, bytes, failures: result.non2xx + result.errors + result.timeouts, seconds: result.duration || seconds })
      },
    )
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      responses++
      bytes += resBytes
      if (statusCode >= 200 && statusCode < 300) {
        ok++
        latencies?.push(responseTime)
      }
    })
  })
}
