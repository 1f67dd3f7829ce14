import { describe, expect, it } from 'vitest'
import { PAGE_SIZE, pageRange } from './table-rules.ts'

describe('page range', () => {
  it(`counts pages of ${PAGE_SIZE} and the rows shown`, () => {
    expect(pageRange(1, 5, 12)).toEqual({ pageCount: 3, first: 1, last: 5 })
    expect(pageRange(3, 2, 12)).toEqual({ pageCount: 3, first: 11, last: 12 })
  })

  it('has one empty page for nothing', () => {
    expect(pageRange(1, 0, 0)).toEqual({ pageCount: 1, first: 0, last: 0 })
  })
})
