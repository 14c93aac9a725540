import { describe, expect, it } from 'vitest'
import { pageCountOf, pageOf, pageOffset, pageWithin } from './paging'

describe('paging', () => {
  it('counts at least one page', () => {
    expect(pageCountOf(0, 20)).toBe(1)
    expect(pageCountOf(20, 20)).toBe(1)
    expect(pageCountOf(21, 20)).toBe(2)
  })

  it('keeps the asked page within the list', () => {
    expect(pageWithin(0, 45, 20)).toEqual({ page: 1, pageCount: 3, offset: 0 })
    expect(pageWithin(2, 45, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 })
    expect(pageWithin(9, 45, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 })
    expect(pageWithin(4, 0, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 })
  })

  it('answers a page as asked, even past the end', () => {
    expect(pageOffset(3, 10)).toBe(20)
    expect(pageOf(['a'], 11, 2, 10)).toEqual({ items: ['a'], total: 11, page: 2, pageCount: 2 })
    expect(pageOf([], 11, 5, 10)).toEqual({ items: [], total: 11, page: 5, pageCount: 2 })
  })
})
