/**
 * The throughput budget of /users/me and /users/dashboard (docs/architecture.md#budgets): at
 * least half of a bare Fastify route's requests a second, or, where the route's floor is below
 * that, at its floor. The floor (floor-routes.ts) is the same app checking the token, running the
 * route's own statements and answering a ready answer; on this machine even the least read a
 * session check needs measures at about half of bare, so the floor is the mark then
 * (docs/operations.md#where-usersme-spends-its-time).
 */

/** The budget: this share of bare… */
export const SHARE_OF_BARE = 0.5
/** …or, when the floor is below that, this share of the floor (this machine's run-to-run noise). */
export const SHARE_OF_FLOOR = 0.9

/** Requests a second at saturation; null when the row had failed answers. */
export interface ThroughputRows {
  bare: number
  floor: number | null
  route: number | null
}

/** How the verdict line names the budget. */
export const THROUGHPUT_BUDGET = `throughput ≥ ${SHARE_OF_BARE * 100} % of bare, or ≥ ${SHARE_OF_FLOOR * 100} % of its floor where that is lower`

export interface ThroughputVerdict {
  pass: boolean
  /** `38 % of bare; its floor 39 %, the route at 96 % of it` */
  detail: string
}

export function throughputVerdict({ bare, floor, route }: ThroughputRows): ThroughputVerdict {
  if (route === null || bare <= 0) return { pass: false, detail: 'the route had failed answers' }
  const share = route / bare
  const percent = (ratio: number) => `${Math.round(ratio * 100)} %`
  if (floor === null || floor <= 0) {
    return {
      pass: share >= SHARE_OF_BARE,
      detail: `${percent(share)} of bare; its floor had failed answers`,
    }
  }
  const ofFloor = route / floor
  const floorBelowMark = floor / bare < SHARE_OF_BARE
  return {
    pass: share >= SHARE_OF_BARE || (floorBelowMark && ofFloor >= SHARE_OF_FLOOR),
    detail: `${percent(share)} of bare; its floor ${percent(floor / bare)}, the route at ${percent(ofFloor)} of it`,
  }
}
