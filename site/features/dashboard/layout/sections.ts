/** The dashboard's pages, in sidebar order; Form health for operators only. */
export const DASHBOARD_SECTIONS = [
  { href: '/dashboard', label: 'Dashboard', title: 'Dashboard', adminOnly: false },
  {
    href: '/dashboard/subscriptions',
    label: 'Subscriptions',
    title: 'Subscriptions',
    adminOnly: false,
  },
  {
    href: '/dashboard/transactions',
    label: 'Transactions',
    title: 'Transactions',
    adminOnly: false,
  },
  // Issue 7: the FSBO leads the extension saves.
  { href: '/dashboard/leads', label: 'Leads', title: 'Leads', adminOnly: false },
  // Issue 11: how well the extension fills Marketplace's form; operators (`is_admin`) only.
  { href: '/dashboard/form-health', label: 'Form health', title: 'Form health', adminOnly: true },
] as const

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number]

/** The sections this user may open: operator-only ones for operators alone. */
export function sectionsFor(isAdmin: boolean): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter((s) => isAdmin || !s.adminOnly)
}

/**
 * The section at `path` ("/dashboard/" counts as "/dashboard"); undefined for an unknown page, and
 * for an operator-only page when the user is not an operator (to them it does not exist).
 */
export function sectionAt(path: string, isAdmin: boolean): DashboardSection | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path
  return sectionsFor(isAdmin).find((s) => s.href === normalized)
}
