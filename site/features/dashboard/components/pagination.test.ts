import { describe, expect, it } from 'vitest'
import { pageNumbers } from './pagination.tsx'

describe('page numbers', () => {
  it('shows every page up to 7', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('beyond 7, shows the first, the last and the current ±1, with gaps', () => {
    expect(pageNumbers(1, 50)).toEqual([1, 2, null, 50])
    expect(pageNumbers(25, 50)).toEqual([1, null, 24, 25, 26, null, 50])
    expect(pageNumbers(3, 50)).toEqual([1, 2, 3, 4, null, 50])
    expect(pageNumbers(50, 50)).toEqual([1, null, 49, 50])
  })
})
