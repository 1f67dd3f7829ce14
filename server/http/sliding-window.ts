/**
 * A rate limit's count over a sliding window, kept as hits per slot: the window is cut into
 * SLOTS_PER_WINDOW slots and a hit counts until its whole slot has left the window. So every hit
 * of the last `windowSeconds` is counted, whatever the alignment (a burst across a boundary
 * counts whole), at the price of a hit counting up to one slot (1/60 of the window) longer than
 * it strictly must. The state stays this small whatever the limit.
 */
export const SLOTS_PER_WINDOW = 60

export interface WindowRule {
  windowSeconds: number
  /** Hits the window holds before the next is refused (or delayed, below). */
  max: number
  /**
   * Instead of a refusal once `max` is reached: each further hit waits 2^k seconds after the
   * previous one, k = 1 for the first past `max` and one more each time, at most this long.
   */
  delayCapSeconds?: number
}

export interface WindowState {
  /** [slot number, hits in it], oldest first; slot n spans [n, n + 1) × slotMs. */
  slots: [slot: number, hits: number][]
  /** When the latest hit was, ms since the epoch (0 before any). */
  lastHitMs: number
}

export const EMPTY_WINDOW: WindowState = { slots: [], lastHitMs: 0 }

function slotMs(rule: WindowRule): number {
  return Math.ceil(rule.windowSeconds / SLOTS_PER_WINDOW) * 1000
}

/** The moment a slot's hits stop counting: its end plus the window. */
function slotExpiresMs(slot: number, rule: WindowRule): number {
  return (slot + 1) * slotMs(rule) + rule.windowSeconds * 1000
}

/** The slots still counting at `nowMs`. */
export function liveSlots(state: WindowState, rule: WindowRule, nowMs: number): WindowState {
  return {
    slots: state.slots.filter(([slot]) => slotExpiresMs(slot, rule) > nowMs),
    lastHitMs: state.lastHitMs,
  }
}

export function hitsCounted(state: WindowState, rule: WindowRule, nowMs: number): number {
  return liveSlots(state, rule, nowMs).slots.reduce((sum, [, hits]) => sum + hits, 0)
}

/** How long after the latest hit the next may come, with `counted` hits in the window. */
function waitMs(counted: number, rule: WindowRule): number {
  if (counted < rule.max) return 0
  if (rule.delayCapSeconds === undefined) return Infinity
  return Math.min(rule.delayCapSeconds, 2 ** (counted - rule.max + 1)) * 1000
}

/**
 * The first moment at or after `nowMs` a hit is allowed, if nothing else hits meanwhile. Counts
 * only fall as slots expire, so the wait only shrinks: walk the expiries in order and stop at the
 * first stretch in which the wait has passed.
 */
export function earliestAllowedMs(state: WindowState, rule: WindowRule, nowMs: number): number {
  const { slots } = liveSlots(state, rule, nowMs)
  let counted = slots.reduce((sum, [, hits]) => sum + hits, 0)
  let stretchStart = nowMs
  for (const [slot, hits] of slots) {
    const stretchEnd = slotExpiresMs(slot, rule)
    const wait = waitMs(counted, rule)
    // No wait is no wait, even when another process's clock put the latest hit a little ahead.
    const candidate = wait === 0 ? stretchStart : Math.max(stretchStart, state.lastHitMs + wait)
    if (candidate < stretchEnd) return candidate
    counted -= hits
    stretchStart = stretchEnd
  }
  return stretchStart
}

/** The state with one more hit at `nowMs` (expired slots dropped). */
export function withHit(state: WindowState, rule: WindowRule, nowMs: number): WindowState {
  const slot = Math.floor(nowMs / slotMs(rule))
  const { slots } = liveSlots(state, rule, nowMs)
  const slotsWithHit = slots.some(([s]) => s === slot)
    ? slots.map(([s, hits]): [number, number] => [s, s === slot ? hits + 1 : hits])
    : // Sorted, not appended: another process's clock may run a little behind this one's.
      [...slots, [slot, 1] as [number, number]].sort((a, b) => a[0] - b[0])
  return { slots: slotsWithHit, lastHitMs: Math.max(state.lastHitMs, nowMs) }
}

/**
 * The state without a hit taken back (a login whose password was right was no failure). The
 * latest hit's time goes back to `previousLastHitMs` when it is still this hit's.
 */
export function withoutHit(
  state: WindowState,
  rule: WindowRule,
  hit: { atMs: number; previousLastHitMs: number },
): WindowState {
  const slot = Math.floor(hit.atMs / slotMs(rule))
  const slots = state.slots
    .map(([s, hits]): [number, number] => [s, s === slot ? hits - 1 : hits])
    .filter(([, hits]) => hits > 0)
  const lastHitMs = state.lastHitMs === hit.atMs ? hit.previousLastHitMs : state.lastHitMs
  return { slots, lastHitMs }
}

/** When the state counts nothing any more and its row may go. */
export function countsUntilMs(state: WindowState, rule: WindowRule): number {
  const newest = state.slots.at(-1)
  return newest ? slotExpiresMs(newest[0], rule) : 0
}

/** Stored as JSON text: `{"s":[[slot,hits],…],"l":lastHitMs}`. */
export function encodeWindow(state: WindowState): string {
  return JSON.stringify({ s: state.slots, l: state.lastHitMs })
}

export function decodeWindow(text: string): WindowState {
  const parsed = JSON.parse(text) as { s?: unknown; l?: unknown }
  const slots = Array.isArray(parsed.s) ? (parsed.s as WindowState['slots']) : []
  const lastHitMs = typeof parsed.l === 'number' ? parsed.l : 0
  return { slots, lastHitMs }
}
