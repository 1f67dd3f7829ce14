import { useEffect, useRef } from 'react'

/** Typing pauses this long before the server is asked: not a request per keystroke. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * Hands the search box's trimmed text to `apply` once typing pauses, when it differs from the
 * search the list `applied` last (the list then asks the server again, from its first page).
 */
export function useSearchAfterPause(
  text: string,
  applied: string,
  apply: (q: string) => void,
): void {
  const latestApply = useRef(apply)
  useEffect(() => {
    latestApply.current = apply
  })
  useEffect(() => {
    const q = text.trim()
    if (q === applied) return
    const timer = setTimeout(() => {
      latestApply.current(q)
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [text, applied])
}
