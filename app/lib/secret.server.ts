import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { env } from './env.server'

let cached: string | undefined

/**
 * Signing secret for sessions and cookies: BETTER_AUTH_SECRET, or (for local runs) a random one
 * kept in DATA_DIR/secret so sessions survive restarts. Production must set BETTER_AUTH_SECRET.
 */
export function appSecret(): string {
  if (cached) return cached
  const e = env()
  if (e.BETTER_AUTH_SECRET) return (cached = e.BETTER_AUTH_SECRET)
  if (e.NODE_ENV === 'test') return (cached = 'test-secret-0123456789abcdef0123456789abcdef')
  const file = path.resolve(e.DATA_DIR, 'secret')
  try {
    cached = fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    cached = randomBytes(32).toString('hex')
    fs.writeFileSync(file, cached, { mode: 0o600 })
  }
  return cached
}
