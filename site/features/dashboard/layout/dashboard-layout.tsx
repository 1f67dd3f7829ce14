import type { ReactNode } from 'react'
import type { Renewal } from '../access-rules.ts'
import { DashboardHeader } from './dashboard-header.tsx'
import { Sidebar } from './sidebar.tsx'
import { useSidebarCollapsed } from './sidebar-state.ts'
import styles from './layout.module.css'

/** The dashboard's frame: sidebar, its own header (title, badge, name) and the page. */
export function DashboardLayout({
  title,
  known,
  isAdmin = false,
  hasAccess = true,
  renewal = null,
  children,
}: {
  title: string
  /** Whether the days left are known (the access gate has answered). */
  known: boolean
  /** The user is an operator: the sidebar lists the operator-only pages. */
  isAdmin?: boolean
  /** False once the trial or subscription has ended: the sidebar lists only what stays open. */
  hasAccess?: boolean
  /** How the subscription goes on, for the header's badge. */
  renewal?: Renewal | null
  children: ReactNode
}) {
  const [collapsed, toggle] = useSidebarCollapsed()
  return (
    <div className={styles.shell} data-collapsed={collapsed ? 'true' : 'false'}>
      <Sidebar collapsed={collapsed} onToggle={toggle} isAdmin={isAdmin} hasAccess={hasAccess} />
      <div className={styles.content}>
        <DashboardHeader title={title} known={known} renewal={renewal} />
        <div className={styles.page}>{children}</div>
      </div>
    </div>
  )
}
