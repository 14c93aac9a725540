// The yardstick: a bare node:http server answering each benchmarked path with bytes captured from the
// app (the same HTML, and the same compressed bytes when the client accepts them), precomputed, no framework.
//   node bench/lib/bare-server.mjs <port> <manifest.json>
// manifest: { "/path": { "identity": "a.html", "gzip": "a.html.gz", "br": "a.html.br" } }, files beside it;
// like the app's compression middleware, br is preferred to gzip when the client accepts both.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

const [port, manifestPath] = process.argv.slice(2)
const dir = path.dirname(manifestPath)
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
const pages = new Map(
  Object.entries(manifest).map(([url, files]) => [
    url,
    Object.fromEntries(Object.entries(files).map(([encoding, file]) => [encoding, fs.readFileSync(path.join(dir, file))])),
  ]),
)

const ACCEPTS = [
  ['br', /\bbr\b/],
  ['gzip', /\bgzip\b/],
]

const server = http.createServer((req, res) => {
  const page = pages.get(req.url ?? '')
  if (!page) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    return
  }
  const accepted = String(req.headers['accept-encoding'] ?? '')
  const encoding = ACCEPTS.find(([e, re]) => page[e] && re.test(accepted))?.[0] ?? 'identity'
  const body = page[encoding]
  const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, vary: 'Accept-Encoding' }
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  res.writeHead(200, headers).end(body)
})
server.listen(Number(port), '127.0.0.1', () => console.log(`[bare] listening on ${port}`))
process.on('SIGTERM', () => process.exit(0))
