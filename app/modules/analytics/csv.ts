// CSV for the analytics export: RFC 4180 quoting, a guard against formula injection, and a BOM so
// Excel opens Cyrillic and Devanagari names as UTF-8. Pure, so it is tested without a database.

export type CsvCell = string | number | null

/** Byte order mark: without it Excel reads a UTF-8 file in the system's legacy code page. */
export const CSV_BOM = '\uFEFF'

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/
// An exact decimal from SQL ("-12.50"): a number, not text, so it keeps its minus sign.
const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * One cell: text that a spreadsheet would run as a formula gets a leading apostrophe, and a cell with a
 * comma, quote or line break is quoted with its quotes doubled (RFC 4180). Numbers, and decimal strings
 * that came from SQL, are written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  let text = value
  if (FORMULA_START.test(text) && !DECIMAL.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A whole file: BOM, the header row and the rows, each line ended with CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','))
  return `${CSV_BOM}${lines.map((l) => `${l}\r\n`).join('')}`
}

/** A download's file name from fixed parts only (chart id and dates), so nothing a user typed reaches the header. */
export function csvFileName(chart: string, from: string, to: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9-]/g, '')
  return `setu-${safe(chart)}-${safe(from)}-to-${safe(to)}.csv`
}
