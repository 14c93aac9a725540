export type Align = 'left' | 'right'
export type Column = { header: string; align?: Align }

/**
 * A plain-text table: a header row, a rule, one line per row; each column as wide as its widest
 * cell. Numbers read best right-aligned (the default for every column but the first).
 */
export function formatTable(columns: readonly (Column | string)[], rows: readonly (readonly (string | number)[])[]): string {
  const cols = columns.map((c, i): Required<Column> =>
    typeof c === 'string' ? { header: c, align: i === 0 ? 'left' : 'right' } : { header: c.header, align: c.align ?? (i === 0 ? 'left' : 'right') },
  )
  const cells = rows.map((r) => cols.map((_, i) => String(r[i] ?? '')))
  const width = cols.map((c, i) => Math.max(len(c.header), ...cells.map((r) => len(r[i]))))
  const line = (values: string[]) =>
    values
      .map((v, i) => (cols[i].align === 'left' ? v + ' '.repeat(width[i] - len(v)) : ' '.repeat(width[i] - len(v)) + v))
      .join('  ')
      .trimEnd()
  return [line(cols.map((c) => c.header)), width.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')
}

/** Width as a terminal shows it: code points, less combining marks (Devanagari vowel signs take no column). */
function len(s: string) {
  return [...s.replace(/\p{M}/gu, '')].length
}
