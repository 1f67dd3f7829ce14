import { describe, expect, it } from 'vitest'
import { pageRange } from './page-range.ts'

describe('page range', () => {
  it('counts pages of the page size and the rows shown', () => {
    expect(pageRange(1, 5, 5, 12)).toEqual({ pageCount: 3, first: 1, last: 5 })
    expect(pageRange(3, 5, 2, 12)).toEqual({ pageCount: 3, first: 11, last: 12 })
    expect(pageRange(2, 20, 20, 45)).toEqual({ pageCount: 3, first: 21, last: 40 })
  })

  it('has one empty page for nothing', () => {
    expect(pageRange(1, 10, 0, 0)).toEqual({ pageCount: 1, first: 0, last: 0 })
  })
})
