// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { afterEach, describe, expect, it } from 'vitest'
import { demoDataDecision, hostAllowed, hostnameOf, isLoopbackAddress, resetEnvCache } from './env.server'
import { publicOrigin } from './origin.server'

const saved = { ...process.env }
function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  resetEnvCache()
}
afterEach(() => {
  for (const key of ['APP_URL', 'ALLOWED_HOSTS', 'SEED_DEMO_DATA', 'PORT']) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCache()
})

describe('hostnameOf', () => {
  it.each([
    ['Setu.Example:3000', 'setu.example'],
    ['setu.example.', 'setu.example'],
    ['[::1]:3000', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
    ['', null],
    [undefined, null],
    ['evil.example/path', null],
    ['user@evil.example', null],
    ['a b', null],
  ])('%j → %j', (input, expected) => {
    expect(hostnameOf(input)).toBe(expected)
  })
})

describe('hostAllowed', () => {
  it('allows loopback names and APP_URL, refuses others', () => {
    withEnv({ APP_URL: 'https://setu.example', ALLOWED_HOSTS: undefined })
    for (const ok of ['setu.example', 'SETU.example:443', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.localhost']) expect(hostAllowed(ok), ok).toBe(true)
    for (const bad of ['evil.example', 'setu.example.evil.example', 'evilsetu.example', '192.168.1.5:3000', '', null]) expect(hostAllowed(bad), String(bad)).toBe(false)
  })

  it('adds ALLOWED_HOSTS, with a leading dot for subdomains', () => {
    withEnv({ APP_URL: undefined, ALLOWED_HOSTS: 'setu.internal, .setu.example' })
    for (const ok of ['setu.internal:3000', 'setu.example', 'www.setu.example']) expect(hostAllowed(ok), ok).toBe(true)
    for (const bad of ['evil.example', 'notsetu.example', 'setu.internal.evil']) expect(hostAllowed(bad), bad).toBe(false)
  })
})

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.2', false],
    ['::ffff:10.0.0.1', false],
    ['1127.0.0.1', false],
    ['', false],
    [null, false],
  ])('%j → %j', (input, expected) => {
    expect(isLoopbackAddress(input)).toBe(expected)
  })
})

describe('publicOrigin', () => {
  const request = (url: string) => new Request(url)

  it('is APP_URL whatever the Host', () => {
    withEnv({ APP_URL: 'https://setu.example/' })
    expect(publicOrigin(request('http://evil.example/sitemap.xml'))).toBe('https://setu.example')
    expect(publicOrigin(request('http://localhost:3000/'))).toBe('https://setu.example')
  })

  it('without APP_URL trusts only loopback and allowed hosts', () => {
    withEnv({ APP_URL: undefined, ALLOWED_HOSTS: 'setu.internal', PORT: '3000' })
    expect(publicOrigin(request('http://127.0.0.1:3000/'))).toBe('http://127.0.0.1:3000')
    expect(publicOrigin(request('http://setu.internal:8080/'))).toBe('http://setu.internal:8080')
    expect(publicOrigin(request('http://evil.example/'))).toBe('http://localhost:3000')
  })
})

describe('demoDataDecision', () => {
  it.each([
    [{ SEED_DEMO_DATA: undefined, APP_URL: undefined }, true, /APP_URL is local/],
    [{ SEED_DEMO_DATA: 'auto', APP_URL: 'http://127.0.0.1:3000' }, true, /APP_URL is local/],
    [{ SEED_DEMO_DATA: undefined, APP_URL: 'https://setu.example' }, false, /not local: demo accounts have published passwords/],
    [{ SEED_DEMO_DATA: 'true', APP_URL: 'https://setu.example' }, true, /SEED_DEMO_DATA=true/],
    [{ SEED_DEMO_DATA: 'false', APP_URL: undefined }, false, /SEED_DEMO_DATA=false/],
  ])('%j → load %s', (vars, load, reason) => {
    withEnv(vars)
    const decision = demoDataDecision()
    expect(decision.load).toBe(load)
    expect(decision.reason).toMatch(reason)
  })
})
