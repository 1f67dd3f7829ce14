/** The dashboard's pages, in sidebar order (SPEC §2 /dashboard, plus Leads). */
export const DASHBOARD_SECTIONS = [
  { href: '/dashboard', label: 'Dashboard', title: 'Dashboard' },
  { href: '/dashboard/subscriptions', label: 'Subscriptions', title: 'Subscriptions' },
  { href: '/dashboard/transactions', label: 'Transactions', title: 'Transactions' },
  // Issue 7: the FSBO leads the extension saves.
  { href: '/dashboard/leads', label: 'Leads', title: 'Leads' },
] as const

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number]

/** The section at `path` ("/dashboard/" counts as "/dashboard"); undefined for an unknown page. */
export function sectionAt(path: string): DashboardSection | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path
  return DASHBOARD_SECTIONS.find((s) => s.href === normalized)
}
