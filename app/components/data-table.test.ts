// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The table under every list: a named, focusable scroll region with a caption, an empty state instead
// of a table without rows, and the pager's links.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { DataTable } from './data-table'
import { TableCell, TableHead, TableRow } from './ui/table'

const rows = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
]

function render(items: typeof rows, extra: Partial<Parameters<typeof DataTable<(typeof rows)[number]>>[0]> = {}) {
  return renderToString(
    h(
      MemoryRouter,
      null,
      h(DataTable<(typeof rows)[number]>, {
        label: 'Audit log',
        rows: items,
        head: h(TableHead, null, 'Name'),
        children: (row) => h(TableRow, { key: row.id }, h(TableCell, null, row.name)),
        ...extra,
      }),
    ),
  )
}

describe('DataTable', () => {
  it('names the focusable scroll region and captions the table', () => {
    const html = render(rows)
    expect(html).toContain('role="region"')
    expect(html).toContain('tabindex="0"')
    expect(html).toContain('aria-label="Audit log"')
    expect(html).toContain('<caption data-slot="table-caption" class="sr-only">Audit log</caption>')
    expect(html).toContain('<th data-slot="table-head" scope="col"')
    expect(html).toContain('>Alpha</td>')
    expect(html).toContain('>Beta</td>')
  })

  it('takes a caption of its own', () => {
    expect(render(rows, { caption: 'Entries by time' })).toContain('>Entries by time</caption>')
  })

  it('shows the empty state instead of a table when there are no rows', () => {
    const html = render([], { empty: 'Nothing logged yet', emptyTestId: 'audit-empty' })
    expect(html).toContain('Nothing logged yet')
    expect(html).toContain('data-testid="audit-empty"')
    expect(html).not.toContain('<table')
  })

  it('shows an empty table when it has no empty state', () => {
    expect(render([])).toContain('<table')
  })

  it('puts the pager under the table, with links to the pages around', () => {
    const pager = { page: 2, pageCount: 3, href: (n: number) => `/admin/audit?page=${n}`, label: 'Audit log pages', previous: 'Previous', next: 'Next', position: 'Page 2 of 3' }
    const html = render(rows, { pager })
    expect(html).toContain('<nav aria-label="Audit log pages"')
    expect(html).toContain('href="/admin/audit?page=1"')
    expect(html).toContain('href="/admin/audit?page=3"')
    expect(html.indexOf('</table>')).toBeLessThan(html.indexOf('<nav'))
  })

  it('shows no pager on a single page', () => {
    expect(render(rows, { pager: { page: 1, pageCount: 1, href: String, label: 'Pages', previous: 'Previous', next: 'Next', position: 'Page 1 of 1' } })).not.toContain('<nav')
  })
})
