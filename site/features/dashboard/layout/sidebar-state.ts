import { useCallback, useState } from 'react'

/** Where the sidebar's collapsed state is remembered between visits. */
export const SIDEBAR_COLLAPSED_KEY = 'dashboardSidebarCollapsed'

export function readSidebarCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true'
  } catch {
    return false
  }
}

function writeSidebarCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed))
  } catch {
    // Storage full or blocked: the sidebar still toggles, it just is not remembered.
  }
}

/** The sidebar's collapsed state, starting from the remembered one and remembering each change. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed)
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      writeSidebarCollapsed(!was)
      return !was
    })
  }, [])
  return [collapsed, toggle]
}
