import { useCallback, useSyncExternalStore } from 'react'

/** Whether a media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      // Some engines report width changes only through resize; listen to both.
      window.addEventListener('resize', onChange)
      return () => {
        list.removeEventListener('change', onChange)
        window.removeEventListener('resize', onChange)
      }
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
