// @no-database: this file runs without the per-file test database (vitest.config.ts)
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvCache } from './env.server'
import { DEFAULT_BODY_LIMIT, parseBodyLimit } from './body-limit.server'
import { securityHeaders } from './security-headers.server'
import { parseTrustProxy } from './trust-proxy.server'

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,fd00::/8', ['10.0.0.5', '10.1.0.0/16', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('accepts %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected)
  })

  it.each(['true', 'TRUE', 'yes', 'on', '*', '10.0.0.5,', '10.0.0.0/33', '::1/129', 'proxy.example', '1.5', '-1', '99'])(
    'refuses %j with a message naming the accepted forms',
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/number of reverse proxies.*addresses or CIDR ranges/)
    },
  )
})

describe('parseBodyLimit', () => {
  it('defaults to 64 KiB and reads whole KiB', () => {
    expect(parseBodyLimit(undefined)).toBe(DEFAULT_BODY_LIMIT)
    expect(DEFAULT_BODY_LIMIT).toBe(64 * 1024)
    expect(parseBodyLimit('128')).toBe(128 * 1024)
  })

  it.each(['0', '-1', '64kb', '1.5', '10241', 'lots'])('refuses %j', (raw) => {
    expect(() => parseBodyLimit(raw)).toThrow(/BODY_LIMIT_KB=.* from 1 to 10240/)
  })
})

describe('securityHeaders on a plain http APP_URL', () => {
  const saved = process.env.APP_URL
  afterEach(() => {
    process.env.APP_URL = saved
    resetEnvCache()
  })

  it('sends no HSTS and does not upgrade requests, which would break a local http site', async () => {
    process.env.APP_URL = 'http://localhost:3000'
    resetEnvCache()
    const app = express()
    app.use(securityHeaders())
    app.get('/', (_req, res) => res.send('ok'))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      expect(res.headers.get('strict-transport-security')).toBeNull()
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests')
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    } finally {
      server.close()
    }
  })
})
