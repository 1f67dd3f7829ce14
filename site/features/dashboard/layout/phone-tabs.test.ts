import { describe, expect, it } from 'vitest'
import { PHONE_TAB_SLOTS, phoneTabs } from './phone-tabs.ts'
import { sectionsFor } from './sections.ts'

const labels = (sections: readonly { label: string }[]) => sections.map((s) => s.label)

describe('phone tab bar', () => {
  it('gives the day-to-day pages a tab and puts the rest under More', () => {
    const { tabs, more } = phoneTabs(sectionsFor(true))
    expect(labels(tabs)).toEqual(['Dashboard', 'Listings', 'Leads'])
    expect(labels(more)).toEqual(['Subscriptions', 'Transactions', 'Settings', 'Form health'])
    // The tabs and More fill the bar, no more.
    expect(tabs.length + 1).toBeLessThanOrEqual(PHONE_TAB_SLOTS)
  })

  it('shows every page side by side when they and Logout fit', () => {
    const { tabs, more } = phoneTabs(sectionsFor(false, false))
    expect(labels(tabs)).toEqual(['Listings', 'Transactions', 'Settings'])
    expect(more).toEqual([])
  })
})
