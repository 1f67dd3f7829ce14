import { LEAD_LIMITS } from '../../../../api/schemas/leads.ts'

/** A selection goes to the server by id: at most as many as one request may name. */
export const MAX_SELECTED = LEAD_LIMITS.maxIdsPerRequest

export const SELECTION_LIMIT_MESSAGE = `You can select up to ${MAX_SELECTED.toLocaleString('en-US')} leads at a time. For more, use “Export all” or send all your leads to your CRM.`

/**
 * The selection with `ids` ticked (`on`) or unticked. Ticking past MAX_SELECTED changes nothing
 * and says so (`refused`): half a page ticked would be harder to understand than none.
 */
export function withSelected(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
  max: number = MAX_SELECTED,
): { next: ReadonlySet<string>; refused: boolean } {
  const next = new Set(selected)
  for (const id of ids) {
    if (on) next.add(id)
    else next.delete(id)
  }
  if (on && next.size > max) return { next: selected, refused: true }
  return { next, refused: false }
}
