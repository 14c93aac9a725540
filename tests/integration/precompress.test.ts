// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The build's compressed copies of the browser's files (scripts/precompress.ts): what gets one, and
// that each copy gives back the file's exact bytes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { MIN_BYTES, precompressDir } from '../../scripts/precompress.ts'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

function tree(files: Record<string, Buffer | string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-precompress-'))
  dirs.push(dir)
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), body)
  }
  return dir
}

const script = 'export function greet(name) { return `Namaste, ${name}` }\n'.repeat(200)
const translations = JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key${i}`, `Перевод ${i}`])))

describe('precompressDir', () => {
  it('writes a .br and a .gz beside each text file, each giving back the exact bytes', async () => {
    const dir = tree({ 'assets/app-1a2b.js': script, 'locales/ru/common.json': translations, 'assets/app.css': 'body{color:red}'.repeat(100) })
    const written = await precompressDir(dir)
    expect(written.map((w) => w.file)).toEqual(['assets/app-1a2b.js', 'assets/app.css', path.join('locales', 'ru', 'common.json')])
    for (const { file, bytes, br, gz } of written) {
      const original = fs.readFileSync(path.join(dir, file))
      expect(bytes).toBe(original.length)
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${file}.br`)))).toEqual(original)
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`)))).toEqual(original)
      expect(br).toBeLessThan(bytes)
      expect(gz).toBeLessThan(bytes)
    }
  })

  it('compresses harder than the server would on the fly (brotli 11 against 4)', async () => {
    // Real text: this project's sources and English translations.
    const root = path.resolve(__dirname, '../..')
    const sources = ['app/lib/i18n.ts', 'app/modules/catalog/listing.server.ts', 'app/modules/catalog/search.server.ts', 'public/locales/en/catalog.json', 'public/locales/en/common.json']
    const dir = tree({ 'assets/app.js': sources.map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n') })
    const [{ br, bytes }] = await precompressDir(dir)
    const quick = zlib.brotliCompressSync(fs.readFileSync(path.join(dir, 'assets/app.js')), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    expect(bytes).toBeGreaterThan(0)
    expect(br!).toBeLessThan(quick.length)
  })

  it('leaves alone small files, files that are compressed already and copies that would not be smaller', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251))
    const dir = tree({
      'tiny.js': 'export {}\n',
      'fonts/inter.woff2': Buffer.alloc(4096, 1),
      'images/photo.jpg': Buffer.alloc(4096, 1),
      'noise.json': random.toString('latin1'),
      'almost.svg': 'x'.repeat(MIN_BYTES - 1),
    })
    const written = await precompressDir(dir)
    const files = fs.readdirSync(dir, { recursive: true }).map(String).sort()
    expect(files.filter((f) => f.endsWith('.br') || f.endsWith('.gz'))).toEqual(
      written.flatMap((w) => [...(w.br === null ? [] : [`${w.file}.br`]), ...(w.gz === null ? [] : [`${w.file}.gz`])]).sort(),
    )
    expect(files).not.toContain('tiny.js.br')
    expect(files).not.toContain('almost.svg.gz')
    expect(files.some((f) => f.startsWith('fonts/inter.woff2.') || f.startsWith('images/photo.jpg.'))).toBe(false)
  })

  it('can run twice on the same build', async () => {
    const dir = tree({ 'assets/app.js': script })
    const first = await precompressDir(dir)
    expect(await precompressDir(dir)).toEqual(first)
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz'])
  })
})
