import type { DashboardSection } from './sections.ts'

/** How many items (Logout and More included) share a 320 px phone's tab bar, whole names shown. */
export const PHONE_TAB_SLOTS = 4

export interface PhoneTabs {
  /** The pages with a tab of their own on a phone. */
  tabs: DashboardSection[]
  /** The pages under More; Logout is there too when there are any. */
  more: DashboardSection[]
}

/**
 * How the sidebar's items share a phone's tab bar: all side by side when they fit (with Logout),
 * else the day-to-day pages as tabs and the rest, Logout last, under More.
 */
export function phoneTabs(sections: readonly DashboardSection[]): PhoneTabs {
  if (sections.length + 1 <= PHONE_TAB_SLOTS) return { tabs: [...sections], more: [] }
  return {
    tabs: sections.filter((s) => s.phoneTab),
    more: sections.filter((s) => !s.phoneTab),
  }
}
