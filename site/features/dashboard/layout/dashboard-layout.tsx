import type { ReactNode } from 'react'
import { DashboardHeader } from './dashboard-header.tsx'
import { Sidebar } from './sidebar.tsx'
import { useSidebarCollapsed } from './sidebar-state.ts'
import styles from './layout.module.css'

/** The dashboard's frame: sidebar, its own header (title, badge, name) and the page. */
export function DashboardLayout({
  title,
  known,
  isAdmin = false,
  children,
}: {
  title: string
  /** Whether the days left are known (the access gate has answered). */
  known: boolean
  /** The user is an operator: the sidebar lists the operator-only pages. */
  isAdmin?: boolean
  children: ReactNode
}) {
  const [collapsed, toggle] = useSidebarCollapsed()
  return (
    <div className={styles.shell} data-collapsed={collapsed ? 'true' : 'false'}>
      <Sidebar collapsed={collapsed} onToggle={toggle} isAdmin={isAdmin} />
      <div className={styles.content}>
        <DashboardHeader title={title} known={known} />
        <div className={styles.page}>{children}</div>
      </div>
    </div>
  )
}
