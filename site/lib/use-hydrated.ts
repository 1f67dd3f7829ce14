import { useSyncExternalStore } from 'react'

function subscribeToNothing(): () => void {
  return () => undefined
}

/**
 * False while rendering at build and while hydrating that HTML in the browser, true otherwise (React
 * re-renders with true right after hydrating). A component shows what depends on the browser
 * (storage, the date) only when this is true, so hydration finds exactly the HTML the build wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
