// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The pager under every paged list: links a keyboard user can follow, nothing on a single page.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Pager } from './pager'

const render = (page: number, pageCount: number) =>
  renderToString(
    h(MemoryRouter, null, h(Pager, { page, pageCount, href: (n: number) => `/admin/audit?action=login&page=${n}`, label: 'Audit log pages', previous: 'Previous', next: 'Next', position: `Page ${page} of ${pageCount}` })),
  )

describe('Pager', () => {
  it('shows nothing when the list fits on one page', () => {
    expect(render(1, 1)).toBe('')
  })

  it('on a middle page links to the pages before and after, keeping the filters, inside a named nav', () => {
    const html = render(2, 3)
    expect(html).toContain('<nav aria-label="Audit log pages"')
    expect(html).toContain('href="/admin/audit?action=login&amp;page=1"')
    expect(html).toContain('href="/admin/audit?action=login&amp;page=3"')
    expect(html).toContain('Page 2 of 3')
  })

  it('offers no Previous on the first page and no Next on the last', () => {
    expect(render(1, 3)).not.toContain('Previous')
    expect(render(1, 3)).toContain('>Next</a>')
    expect(render(3, 3)).not.toContain('Next')
    expect(render(3, 3)).toContain('>Previous</a>')
  })
})
