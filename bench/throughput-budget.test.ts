import { describe, expect, it } from 'vitest'
import { throughputVerdict } from './throughput-budget.ts'

const bare = 50_000
const floorAtLeast = 0.3

describe('throughputVerdict', () => {
  it('passes a route at half of bare or more, whatever its floor', () => {
    expect(throughputVerdict({ bare, floor: 10_000, route: 25_000, floorAtLeast })).toEqual({
      pass: true,
      detail: '50 % of bare',
    })
  })

  it('passes a route below half of bare at its floor, saying the 50 % mark is not met', () => {
    expect(throughputVerdict({ bare, floor: 20_000, route: 19_000, floorAtLeast })).toEqual({
      pass: true,
      detail:
        'at its floor; 50 % of bare not met: 38 %; its floor 40 % (at least 30 %), the route at 95 % of it',
    })
    expect(throughputVerdict({ bare, floor: 20_000, route: 17_000, floorAtLeast })).toEqual({
      pass: false,
      detail: '50 % of bare not met: 34 %; its floor 40 % (at least 30 %), the route at 85 % of it',
    })
  })

  it('gives no pass for a floor at or above the mark, or a floor that got slower', () => {
    const above = throughputVerdict({ bare, floor: 26_000, route: 24_000, floorAtLeast })
    expect(above.pass).toBe(false)
    expect(above.detail).toMatch(/a floor above the mark is no excuse$/)
    // Route and floor slowed alike (a statement got slower): the route is still at its floor.
    const slower = throughputVerdict({ bare, floor: 10_000, route: 9_800, floorAtLeast })
    expect(slower.pass).toBe(false)
    expect(slower.detail).toMatch(/the floor itself got slower$/)
  })

  it('fails on failed answers, and on a floor with failed answers when below half of bare', () => {
    expect(throughputVerdict({ bare, floor: 20_000, route: null, floorAtLeast })).toEqual({
      pass: false,
      detail: 'the route had failed answers',
    })
    expect(throughputVerdict({ bare, floor: null, route: 19_500, floorAtLeast })).toEqual({
      pass: false,
      detail: '50 % of bare not met: 39 %; its floor had failed answers',
    })
    expect(throughputVerdict({ bare: 0, floor: 1, route: 1, floorAtLeast }).pass).toBe(false)
  })
})
