/** The testimonials carousel's constants (docs/product.md#display). */
export const AUTOPLAY_MS = 7000
export const WIDE_QUERY = '(min-width: 1024px)'
export const MEDIUM_QUERY = '(min-width: 768px)'

/** 3 per view from 1024 px, 2 from 768 px, else 1. */
export function perViewFor(wide: boolean, medium: boolean): number {
  if (wide) return 3
  if (medium) return 2
  return 1
}

/** Start positions a carousel of `count` items can show, stepping one item at a time. */
export function positionCount(count: number, perView: number): number {
  return Math.max(1, count - perView + 1)
}

/** The next start position; past the last it loops back to the first, and the other way round. */
export function stepPosition(current: number, delta: number, positions: number): number {
  return (((current + delta) % positions) + positions) % positions
}
