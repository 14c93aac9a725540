// npm run rates:import FILE
// Imports a CSV of exchange rates (header from,to,rate,effective_date,source) into the database the app
// would open: the same checks as the admin page's CSV import, all or nothing, one rate_import audit row
// (no admin: the command line). For scripts that keep rates from the operator's own source; nothing is
// fetched from the internet.
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createInstance } from 'i18next'
import { RATES_CSV_MAX_BYTES, utcDay } from '../../app/domain'
import { isPlainText } from '../../app/lib/uploads.server'
import { recordAudit } from '../../app/modules/admin/audit.server'
import { importRates } from '../../app/modules/rates/rates.server'
import { describeCsvProblem, parseRatesCsv } from '../../app/modules/rates/schemas'
import { trimDecimal } from '../../app/lib/decimal'
import { runCommand, withAppDatabase } from './command'

/** The English messages of the admin page, so the command line says the same thing. */
async function englishMessages() {
  const dir = path.resolve(import.meta.dirname, '../../public/locales/en')
  const [adminRates, errors] = await Promise.all(['adminRates', 'errors'].map(async (ns) => JSON.parse(await fs.readFile(path.join(dir, `${ns}.json`), 'utf8')) as object))
  const i18n = createInstance()
  await i18n.init({ lng: 'en', resources: { en: { adminRates, errors } }, interpolation: { escapeValue: false }, initAsync: false })
  return (key: string, values?: Record<string, unknown>) => i18n.t(key, values)
}

/**
 * Imports the rates in `file` (read from the current directory) on the app's open database: the line
 * to print, or an Error with the message of the first problem (nothing written).
 */
export async function importRatesFile(file: string, now = new Date()): Promise<string> {
  const t = await englishMessages()
  const stat = await fs.stat(file).catch(() => null)
  if (!stat?.isFile()) throw new Error(`${file}: no such file`)
  if (stat.size > RATES_CSV_MAX_BYTES) throw new Error(`${file}: ${t('adminRates:errors.csvTooLarge', { limit: `${RATES_CSV_MAX_BYTES / 1024} KB` })}`)
  const bytes = new Uint8Array(await fs.readFile(file))
  if (!isPlainText(bytes)) throw new Error(`${file}: ${t('adminRates:errors.csvType')}`)
  const parsed = parseRatesCsv(new TextDecoder().decode(bytes), utcDay(now))
  if (!parsed.ok) throw new Error(`${file}: ${describeCsvProblem(t, parsed.problem)}`)
  const request = new Request('http://localhost/', { headers: { 'User-Agent': 'setu rates:import' } })
  const imported = await importRates(parsed.rows, { adminId: null, origin: 'cli', audit: (tx, entry) => recordAudit({ admin: null, request, ...entry }, tx) })
  if (!imported.ok) {
    const v = imported.values
    const problem = { key: 'adminRates:errors.csvRow', row: imported.row, field: 'rate' as const, message: 'adminRates:errors.rateAbsurd', values: { ...v, rate: trimDecimal(v.rate), last: trimDecimal(v.last) } }
    throw new Error(`${file}: ${describeCsvProblem(t, problem)}`)
  }
  return `[setu] imported ${imported.count} exchange rate${imported.count === 1 ? '' : 's'} from ${file}.`
}

async function main() {
  const [file, ...rest] = process.argv.slice(2)
  if (!file || rest.length > 0) throw new Error('usage: npm run rates:import FILE (a CSV with the header from,to,rate,effective_date,source)')
  await withAppDatabase(async () => {
    console.log(await importRatesFile(file))
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) runCommand('rates:import', main)
