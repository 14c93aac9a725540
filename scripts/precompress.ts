// The browser's files, compressed once when the app is built: every text file of build/client (the
// JavaScript and CSS under assets/, the translation files, the SVG images) gets a `.br` (brotli at
// quality 11) and a `.gz` (gzip at level 9) beside it. server/start.mjs serves those as they are
// (express-static-gzip), so a visitor's first load no longer costs the server a compression of every
// module at the middleware's quick settings (brotli 4 took about 1.6 ms for a 120 kB page, and the
// JavaScript of one page is several times that), and the files are smaller than those settings made them.
//
// vite.config.ts runs it after the browser build (the `setu-precompress` plugin). Run by hand on a
// build: node scripts/precompress.ts build/client
//
// vite-plugin-compression2 was tried first: it hooks Vite's manifest plugin and also compressed the
// server build (build/server/index.js.gz), which React Router builds as a second environment.
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

/** Files worth compressing: text. Fonts (woff2) and raster images are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|xml|webmanifest|map)$/i
/** Below this, a compressed copy saves less than its headers and a lookup cost. */
export const MIN_BYTES = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** One file's sizes: the original, and each copy written (null: the copy would not have been smaller). */
export type Precompressed = { file: string; bytes: number; br: number | null; gz: number | null }

/**
 * Writes `<file>.br` and `<file>.gz` for each compressible file of `dir` of at least MIN_BYTES, unless the
 * compressed copy would not be smaller. Returns what it wrote: original and compressed sizes per file.
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f))
  const written: Precompressed[] = []
  // zlib runs in libuv's thread pool: a few files at a time use the machine's cores.
  const queue = [...files]
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const body = await fs.readFile(file)
      if (body.length < MIN_BYTES) continue
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ])
      const entry: Precompressed = { file: path.relative(dir, file), bytes: body.length, br: null, gz: null }
      if (br.length < body.length) {
        await fs.writeFile(`${file}.br`, br)
        entry.br = br.length
      }
      if (gz.length < body.length) {
        await fs.writeFile(`${file}.gz`, gz)
        entry.gz = gz.length
      }
      written.push(entry)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return written.sort((a, b) => a.file.localeCompare(b.file))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: node scripts/precompress.ts <dir>')
    process.exit(2)
  }
  const written = await precompressDir(path.resolve(dir))
  const sum = (key: 'bytes' | 'br' | 'gz') => written.reduce((n, w) => n + (w[key] ?? w.bytes), 0)
  console.log(`[precompress] ${written.length} files, ${sum('bytes')} bytes: brotli ${sum('br')}, gzip ${sum('gz')}`)
}
