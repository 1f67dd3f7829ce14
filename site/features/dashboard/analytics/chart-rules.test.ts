import { describe, expect, it } from 'vitest'
import {
  barHeights,
  busiestDay,
  callCount,
  dayLabel,
  kindCounts,
  kindsShown,
  kindSummary,
  minHeightScale,
  MIN_BAR_HEIGHT_PX,
  weekdayLabel,
} from './chart-rules.ts'

describe('chart labels: short weekdays', () => {
  it('labels days by short weekday, read in UTC like the server', () => {
    expect(
      [
        '2025-01-06',
        '2025-01-07',
        '2025-01-08',
        '2025-01-09',
        '2025-01-10',
        '2025-01-11',
        '2025-01-12',
      ].map(weekdayLabel),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    expect(dayLabel('2025-01-06')).toBe('Monday, Jan 6')
  })

  it('says the exact count', () => {
    expect(callCount(0)).toBe('0 API calls')
    expect(callCount(1)).toBe('1 API call')
    expect(callCount(12345)).toBe('12,345 API calls')
  })
})

describe('bar scaling and the 20 px minimum (docs/product.md#display)', () => {
  const plot = 200

  it('is 20 px', () => {
    expect(MIN_BAR_HEIGHT_PX).toBe(20)
  })

  it('scales to the busiest day: it fills the plot, others in proportion', () => {
    const counts = [50, 100, 200, 25]
    expect(busiestDay(counts)).toBe(200)
    expect(barHeights(counts, plot)).toEqual([50, 100, 200, 25])
  })

  it('raises a non-zero day to 20 px however small it is next to the busiest', () => {
    const heights = barHeights([1, 1000, 3, 0, 19, 21], plot)
    expect(heights[0]).toBe(20)
    expect(heights[1]).toBe(200)
    expect(heights[2]).toBe(20)
    expect(heights[3]).toBe(0)
    // 19/1000 of 200 px is 3.8 px → 20; 21/1000 is 4.2 px → 20.
    expect(heights[4]).toBe(20)
    expect(heights[5]).toBe(20)
  })

  it('keeps a day already taller than 20 px as it is', () => {
    const heights = barHeights([1, 100], plot)
    expect(heights).toEqual([20, 200])
    expect(barHeights([15, 100], plot)[0]).toBe(30)
  })

  it('leaves zero days flat and an all-zero week empty', () => {
    expect(barHeights([0, 0, 0], plot)).toEqual([0, 0, 0])
    expect(barHeights([0, 5], plot)).toEqual([0, 200])
  })

  it('caps the minimum at the plot height on a tiny plot', () => {
    expect(barHeights([1, 100], 12)).toEqual([12, 12])
  })

  it('is the transform uPlot draws with: zero stays zero, the busiest day stays itself', () => {
    const fwd = minHeightScale(1000, plot)
    expect(fwd(0)).toBe(0)
    expect(fwd(1000)).toBe(1000)
    expect(fwd(1)).toBe(100) // 100/1000 of 200 px = 20 px
    expect(fwd(500)).toBe(500)
    // Without calls or without a plot it changes nothing.
    expect(minHeightScale(0, plot)(0)).toBe(0)
    expect(minHeightScale(10, 0)(3)).toBe(3)
  })
})

describe('API calls by kind', () => {
  it('leaves what the kinds do not explain of a count as of unknown kind', () => {
    expect(kindCounts({ count: 5, listings: 3, leads: 2 })).toEqual({
      listings: 3,
      leads: 2,
      unrecorded: 0,
    })
    expect(kindCounts({ count: 9, listings: 3, leads: 2 })).toEqual({
      listings: 3,
      leads: 2,
      unrecorded: 4,
    })
  })

  it('says each kind in words, the unknown one only when there is some', () => {
    expect(kindSummary({ listings: 1, leads: 0, unrecorded: 0 })).toBe('1 listing · 0 leads')
    expect(kindSummary({ listings: 1200, leads: 1, unrecorded: 3 })).toBe(
      '1,200 listings · 1 lead · 3 of unknown kind',
    )
  })

  it('shows the unknown kind in the legend only when a day has such calls', () => {
    const day = (count: number, listings: number, leads: number) => ({
      date: '2025-01-06',
      count,
      listings,
      leads,
    })
    expect(kindsShown([day(3, 2, 1), day(0, 0, 0)]).map((k) => k.key)).toEqual([
      'listings',
      'leads',
    ])
    expect(kindsShown([day(3, 2, 0)]).map((k) => k.key)).toEqual([
      'listings',
      'leads',
      'unrecorded',
    ])
  })
})
