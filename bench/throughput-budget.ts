/**
 * The throughput budget of /users/me and /users/dashboard (docs/architecture.md#budgets): at
 * least half of a bare Fastify route's requests a second, or, where the route's floor is below
 * that, at its floor. The floor (floor-routes.ts) is the same app checking the token, running the
 * route's own statements and answering a ready answer; on this machine even the least read a
 * session check needs measures at about half of bare, so the floor is the mark then
 * (docs/operations.md#where-usersme-spends-its-time). The floor runs the route's own statements,
 * so a slower statement would lower both alike: each floor also has a least share of bare.
 */

/** The budget: this share of bare… */
export const SHARE_OF_BARE = 0.5
/** …or, when the floor is below that, this share of the floor (this machine's run-to-run noise). */
export const SHARE_OF_FLOOR = 0.9

/** How the verdict line names the budget. */
export const THROUGHPUT_BUDGET = `throughput ≥ ${SHARE_OF_BARE * 100} % of bare, or ≥ ${SHARE_OF_FLOOR * 100} % of its floor where that is lower`

export interface ThroughputRows {
  /** Requests a second at saturation; null when the row had failed answers. */
  bare: number
  floor: number | null
  route: number | null
  /**
   * The least share of bare the floor may measure: what it measured when it became the mark,
   * less this machine's noise. Below it, a statement got slower and the floor is no excuse.
   */
  floorAtLeast: number
}

export interface ThroughputVerdict {
  pass: boolean
  /** `at its floor; 50 % of bare not met: 38 % of bare; its floor 39 % (at least 30 %), …` */
  detail: string
}

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`

export function throughputVerdict(rows: ThroughputRows): ThroughputVerdict {
  const { bare, floor, route, floorAtLeast } = rows
  if (bare <= 0) return { pass: false, detail: 'the bare route answered nothing' }
  if (route === null) return { pass: false, detail: 'the route had failed answers' }
  const share = route / bare
  if (share >= SHARE_OF_BARE) return { pass: true, detail: `${percent(share)} of bare` }
  const notMet = `${percent(SHARE_OF_BARE)} of bare not met: ${percent(share)}`
  if (floor === null || floor <= 0) {
    return { pass: false, detail: `${notMet}; its floor had failed answers` }
  }
  const floorShare = floor / bare
  const ofFloor = route / floor
  const measured = `${notMet}; its floor ${percent(floorShare)} (at least ${percent(floorAtLeast)}), the route at ${percent(ofFloor)} of it`
  if (floorShare >= SHARE_OF_BARE) {
    return { pass: false, detail: `${measured}; a floor above the mark is no excuse` }
  }
  if (floorShare < floorAtLeast) {
    return { pass: false, detail: `${measured}; the floor itself got slower` }
  }
  if (ofFloor < SHARE_OF_FLOOR) return { pass: false, detail: measured }
  return { pass: true, detail: `at its floor; ${measured}` }
}
