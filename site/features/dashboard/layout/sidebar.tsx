import { useLocation } from 'wouter'
import { PanelLeftIcon } from '../dashboard-icons.tsx'
import { MoreMenu } from './more-menu.tsx'
import { phoneTabs } from './phone-tabs.ts'
import { sectionAt, sectionsFor } from './sections.ts'
import { LogoutButton, SectionLink } from './sidebar-items.tsx'
import styles from './layout.module.css'

export const SIDEBAR_NAV_ID = 'dashboard-nav'

interface SidebarProps {
  collapsed: boolean
  onToggle: () => void
  /** `/users/me` says the user is an operator: the operator-only pages are listed too. */
  isAdmin?: boolean
  /** False once the trial or subscription has ended: only the pages open without it are listed. */
  hasAccess?: boolean
}

/**
 * The collapsible sidebar: Dashboard, Listings, Subscriptions, Transactions, Leads, Settings, Form
 * health (operators only), Logout.
 * Collapsed, only the icons show; every item keeps its name for screen readers and as a tooltip.
 * Below 768 px it is a bar of tabs above the page, each name whole: the day-to-day pages, and the
 * rest with Logout under More when they do not all fit.
 */
export function Sidebar({ collapsed, onToggle, isAdmin = false, hasAccess = true }: SidebarProps) {
  const [location] = useLocation()
  const current = sectionAt(location, isAdmin)?.href
  const sections = sectionsFor(isAdmin, hasAccess)
  const { more } = phoneTabs(sections)
  // Hidden from the phone's bar (they are under More there).
  const phoneHidden = (inMore: boolean) => (inMore ? styles.phoneHidden : undefined)
  return (
    <aside className={styles.sidebar} data-collapsed={collapsed ? 'true' : 'false'}>
      <button
        type="button"
        className={styles.collapseButton}
        aria-expanded={!collapsed}
        aria-controls={SIDEBAR_NAV_ID}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        onClick={onToggle}
      >
        <PanelLeftIcon size={20} />
        <span className={styles.collapseText} aria-hidden="true">
          Collapse
        </span>
      </button>
      <nav id={SIDEBAR_NAV_ID} aria-label="Dashboard" className={styles.nav}>
        <ul className={styles.navList}>
          {sections.map((section) => (
            <li key={section.href} className={phoneHidden(more.includes(section))}>
              <SectionLink
                section={section}
                current={current}
                className={styles.navItem}
                collapsed={collapsed}
              />
            </li>
          ))}
          <li className={`${styles.logoutItem} ${phoneHidden(more.length > 0) ?? ''}`}>
            <LogoutButton className={styles.navItem} collapsed={collapsed} />
          </li>
          {more.length > 0 && <MoreMenu sections={more} current={current} />}
        </ul>
      </nav>
    </aside>
  )
}
