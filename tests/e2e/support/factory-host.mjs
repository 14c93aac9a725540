// Test data for the browser specs, made inside the e2e server's own process: the e2e database is a
// PGlite directory that only the process holding it may open, so a spec cannot open it itself.
// tests/e2e/support/server.mjs preloads this file (node --import) into the server it starts for
// Playwright; it is never part of the build, and a server started any other way (npm run serve, a
// deployment) has no such door. It listens on a Unix socket only this user can open
// (factory-socket.mjs) and runs the factories of tests/e2e/support/factory-service.ts (which use
// tests/factories) on the database the server opened (db.server.ts keeps it on globalThis).
//
//   POST /<factory>  JSON options  →  200 JSON result | 400/500 { error }
import fs from 'node:fs'
import http from 'node:http'
import { factorySocketPath } from './factory-socket.mjs'

const socket = factorySocketPath(process.env.PORT ?? '3000')
let service

async function run(name, options) {
  // Loaded on first use, with tsx scoped to this import: the server's own modules load as usual.
  service ??= import('tsx/esm/api').then(({ tsImport }) => tsImport('./factory-service.ts', import.meta.url))
  const { factories } = await service
  if (!Object.hasOwn(factories, name)) return { status: 400, body: { error: `no factory named ${name}` } }
  return { status: 200, body: await factories[name](options) }
}

const server = http.createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', async () => {
    let answer
    try {
      if (req.method !== 'POST') answer = { status: 405, body: { error: 'POST only' } }
      else answer = await run(decodeURIComponent(req.url.slice(1)), JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'))
    } catch (err) {
      console.error('[e2e factories]', err)
      answer = { status: 500, body: { error: err instanceof Error ? err.message : String(err) } }
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  })
})

fs.rmSync(socket, { force: true })
const oldMask = process.umask(0o177)
server.listen(socket, () => process.umask(oldMask))
server.unref()
process.on('exit', () => fs.rmSync(socket, { force: true }))
