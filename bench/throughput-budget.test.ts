import { describe, expect, it } from 'vitest'
import { throughputVerdict } from './throughput-budget.ts'

describe('throughputVerdict', () => {
  it('passes a route at half of bare or more, whatever its floor', () => {
    expect(throughputVerdict({ bare: 50_000, floor: 40_000, route: 25_000 })).toEqual({
      pass: true,
      detail: '50 % of bare; its floor 80 %, the route at 63 % of it',
    })
  })

  it('passes a route below half of bare only at its floor, and only when the floor is below half', () => {
    expect(throughputVerdict({ bare: 50_000, floor: 20_000, route: 19_000 }).pass).toBe(true)
    expect(throughputVerdict({ bare: 50_000, floor: 20_000, route: 17_000 })).toEqual({
      pass: false,
      detail: '34 % of bare; its floor 40 %, the route at 85 % of it',
    })
    // A floor above the mark does not excuse a route below it.
    expect(throughputVerdict({ bare: 50_000, floor: 26_000, route: 24_000 }).pass).toBe(false)
  })

  it('fails a route with failed answers, and judges against bare alone when the floor failed', () => {
    expect(throughputVerdict({ bare: 50_000, floor: 20_000, route: null })).toEqual({
      pass: false,
      detail: 'the route had failed answers',
    })
    expect(throughputVerdict({ bare: 50_000, floor: null, route: 19_500 })).toEqual({
      pass: false,
      detail: '39 % of bare; its floor had failed answers',
    })
  })
})
