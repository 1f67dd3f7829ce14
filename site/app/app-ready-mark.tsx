import { useEffect } from 'react'

/** On <html> once the first page is interactive (rendered or hydrated, its lazy part included). */
export const APP_READY_ATTRIBUTE = 'data-app-ready'

/**
 * Renders nothing; its effect marks <html> when the page it sits beside has committed. A
 * prerendered page looks finished before it answers clicks: browser tests and tools wait for the
 * mark instead (tests/support/page.ts).
 */
export function AppReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '')
  }, [])
  return null
}
