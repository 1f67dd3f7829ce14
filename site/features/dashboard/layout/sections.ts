/**
 * The dashboard's pages, in sidebar order; Form health for operators only. `openWithoutAccess`:
 * still open once the trial or subscription has ended, so an agent can look up their payments
 * and listings, download their data or delete their account without paying. `phoneTab`: one of
 * the pages used day to day, a tab of its own on a phone; the others are under More there.
 */
export const DASHBOARD_SECTIONS = [
  {
    href: '/dashboard',
    label: 'Dashboard',
    title: 'Dashboard',
    phoneTab: true,
    adminOnly: false,
    openWithoutAccess: false,
  },
  // The listings the agent converted, each with Fill again.
  {
    href: '/dashboard/listings',
    label: 'Listings',
    title: 'Listings',
    phoneTab: true,
    adminOnly: false,
    openWithoutAccess: true,
  },
  {
    href: '/dashboard/subscriptions',
    label: 'Subscriptions',
    title: 'Subscriptions',
    phoneTab: false,
    adminOnly: false,
    openWithoutAccess: false,
  },
  {
    href: '/dashboard/transactions',
    label: 'Transactions',
    title: 'Transactions',
    phoneTab: false,
    adminOnly: false,
    openWithoutAccess: true,
  },
  // Issue 7: the FSBO leads the extension saves.
  {
    href: '/dashboard/leads',
    label: 'Leads',
    title: 'Leads',
    phoneTab: true,
    adminOnly: false,
    openWithoutAccess: false,
  },
  {
    href: '/dashboard/settings',
    label: 'Settings',
    title: 'Settings',
    phoneTab: false,
    adminOnly: false,
    openWithoutAccess: true,
  },
  // Issue 11: how well the extension fills Marketplace's form; operators (`is_admin`) only.
  {
    href: '/dashboard/form-health',
    label: 'Form health',
    title: 'Form health',
    phoneTab: false,
    adminOnly: true,
    openWithoutAccess: false,
  },
] as const

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number]

/**
 * The sections this user may open: operator-only ones for operators alone; without access (trial
 * or subscription ended) only those open without it.
 */
export function sectionsFor(isAdmin: boolean, hasAccess = true): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter(
    (s) => (isAdmin || !s.adminOnly) && (hasAccess || s.openWithoutAccess),
  )
}

/**
 * The section at `path` ("/dashboard/" counts as "/dashboard"); undefined for an unknown page, and
 * for an operator-only page when the user is not an operator (to them it does not exist).
 */
export function sectionAt(path: string, isAdmin: boolean): DashboardSection | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path
  return sectionsFor(isAdmin).find((s) => s.href === normalized)
}
