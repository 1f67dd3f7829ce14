import { describe, expect, it } from 'vitest'
import { transactionFixture as tx } from '../testing/fixtures.ts'
import { paginate, PAGE_SIZE, searchTransactions } from './table-rules.ts'

const list = [
  tx({ _id: 'aaaa1111-0000', payment_type: 'subscription_create', transaction_amount_in_usd: 468 }),
  tx({ _id: 'bbbb2222-0000', payment_type: 'subscription_cycle', transaction_amount_in_usd: 49 }),
  tx({
    _id: 'cccc3333-0000',
    payment_type: 'subscription_cycle',
    transaction_amount_in_usd: 1234.5,
    transaction_status: 'requires_action',
  }),
]
const ids = (found: { _id: string }[]) => found.map((t) => t._id.slice(0, 4))

describe('transaction search (DESIGN §7: built working)', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(searchTransactions(list, '')).toHaveLength(3)
    expect(searchTransactions(list, '   ')).toHaveLength(3)
  })

  it('finds by the shown ID, with or without #, or the full id', () => {
    expect(ids(searchTransactions(list, '#bbbb2222'))).toEqual(['bbbb'])
    expect(ids(searchTransactions(list, 'BBBB22'))).toEqual(['bbbb'])
    expect(ids(searchTransactions(list, 'cccc3333-0000'))).toEqual(['cccc'])
  })

  it('finds by payment type, typed with spaces or underscores', () => {
    expect(ids(searchTransactions(list, 'subscription cycle'))).toEqual(['bbbb', 'cccc'])
    expect(ids(searchTransactions(list, 'Subscription_Create'))).toEqual(['aaaa'])
  })

  it('finds by status', () => {
    expect(ids(searchTransactions(list, 'succeeded'))).toEqual(['aaaa', 'bbbb'])
    expect(ids(searchTransactions(list, 'requires action'))).toEqual(['cccc'])
  })

  it('finds by amount as shown or as typed', () => {
    expect(ids(searchTransactions(list, '$468.00'))).toEqual(['aaaa'])
    expect(ids(searchTransactions(list, '468'))).toEqual(['aaaa'])
    expect(ids(searchTransactions(list, '$49'))).toEqual(['bbbb'])
    expect(ids(searchTransactions(list, '1,234.50'))).toEqual(['cccc'])
    expect(ids(searchTransactions(list, '1234.50'))).toEqual(['cccc'])
  })

  it('finds nothing for text that is nowhere', () => {
    expect(searchTransactions(list, 'refund')).toEqual([])
  })
})

describe('pagination', () => {
  const items = Array.from({ length: 12 }, (_, i) => i + 1)

  it(`shows ${PAGE_SIZE} a page`, () => {
    expect(paginate(items, 1)).toEqual({
      items: [1, 2, 3, 4, 5],
      page: 1,
      pageCount: 3,
      first: 1,
      last: 5,
      total: 12,
    })
    expect(paginate(items, 3)).toMatchObject({ items: [11, 12], first: 11, last: 12 })
  })

  it('clamps a page outside the range', () => {
    expect(paginate(items, 9).page).toBe(3)
    expect(paginate(items, 0).page).toBe(1)
  })

  it('has one empty page for nothing', () => {
    expect(paginate([], 1)).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      first: 0,
      last: 0,
      total: 0,
    })
  })
})
