// Test data for the browser specs, made inside the e2e server's own process: the e2e database is a
// PGlite directory that only the process holding it may open, so a spec cannot open it itself.
// tests/e2e/support/server.mjs preloads this file (node --import) into the server it starts for
// Playwright; it is never part of the build, and a server started any other way (npm run serve, a
// deployment) has no such door. It listens on a Unix socket only this user can open
// (factory-socket.mjs) and runs the factories of tests/e2e/support/factory-service.ts (which use
// tests/factories) on the database the server opened (db.server.ts keeps it on globalThis, as the
// page cache and the file storage keep theirs).
//
//   POST /<factory>  JSON options  →  200 JSON result | 400/500 { error }
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { factorySocketPath } from './factory-socket.mjs'

const socket = factorySocketPath(process.env.PORT ?? '3000')
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

// The factories are TypeScript sources that use Vite's import.meta.glob (translations), so Vite's
// module runner loads them, once, as Vitest would; the server's own modules load as usual. Started at
// once, so it overlaps the server's start rather than the first spec.
let service
function loadService() {
  service ??= import('vite').then(({ runnerImport }) =>
    runnerImport('/tests/e2e/support/factory-service.ts', {
      configFile: false,
      root,
      logLevel: 'error',
      resolve: { alias: [{ find: /^~\//, replacement: `${path.join(root, 'app')}/` }] },
    }).then(({ module }) => module),
  )
  return service
}
loadService().catch(() => {})

async function run(name, options) {
  const { factories } = await loadService()
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

// In a directory only this user may enter (a umask would also apply to the files the server writes).
fs.rmSync(path.dirname(socket), { recursive: true, force: true })
fs.mkdirSync(path.dirname(socket), { mode: 0o700 })
server.listen(socket)
server.unref()
process.on('exit', () => fs.rmSync(path.dirname(socket), { recursive: true, force: true }))
