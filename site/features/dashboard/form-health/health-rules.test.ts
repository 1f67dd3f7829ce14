import { describe, expect, it } from 'vitest'
import { labelledDays, rateLabel, rateLines, sortFields } from './health-rules.ts'
import { fieldHealthFixture } from './testing/fill-report-fixtures.ts'

describe('form health rules (issue 11)', () => {
  it('writes rates with at most one decimal, so 89.6% never reads as 90%', () => {
    expect(rateLabel(0.896)).toBe('89.6%')
    expect(rateLabel(1)).toBe('100%')
    expect(rateLabel(0)).toBe('0%')
    expect(rateLabel(null)).toBe('—')
  })

  it('sorts alerted fields first, worst recent rate first, then keeps the profile order', () => {
    const fields = [
      fieldHealthFixture({ field: 'listing_type' }),
      fieldHealthFixture({
        field: 'price',
        alert: true,
        recent: { fills: 50, filled: 40, rate: 0.8 },
      }),
      fieldHealthFixture({ field: 'address' }),
      fieldHealthFixture({
        field: 'heating',
        alert: true,
        recent: { fills: 50, filled: 5, rate: 0.1 },
      }),
    ]
    expect(sortFields(fields).map((f) => f.field)).toEqual([
      'heating',
      'price',
      'listing_type',
      'address',
    ])
  })

  it('draws the overall line and at most five alerted fields; a day without fills is a gap', () => {
    const keys = ['listing_type', 'price', 'address', 'heating', 'parking', 'laundry'] as const
    const fields = keys.map((field) =>
      fieldHealthFixture(
        {
          field,
          alert: true,
          recent: { fills: 50, filled: 0, rate: 0 },
          per_day: [
            { date: '2025-03-13', fills: 0, filled: 0, not_found: 0 },
            { date: '2025-03-14', fills: 4, filled: 1, not_found: 3 },
          ],
        },
        2,
      ),
    )
    const lines = rateLines(fields)
    expect(lines.map((l) => l.name)).toEqual([
      'All fields',
      'Sale or rent',
      'Price',
      'Address',
      'Heating type',
      'Parking type',
    ])
    expect(lines[0]?.rates).toEqual([null, 0.25])
  })

  it('labels about seven days of the axis, always the last', () => {
    expect(labelledDays(7)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(labelledDays(14)).toEqual([1, 3, 5, 7, 9, 11, 13])
    expect(labelledDays(90)).toHaveLength(7)
    expect(labelledDays(90).at(-1)).toBe(89)
  })
})
