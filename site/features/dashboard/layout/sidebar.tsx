import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import { DashboardIcon, HomeIcon, LogOutIcon } from '../../../components/icons.tsx'
import { setIsTrial, setRemainingDays } from '../../../lib/store.ts'
import { logout } from '../../auth/logout.ts'
import {
  ClipboardCheckIcon,
  ContactIcon,
  CreditCardIcon,
  GearIcon,
  PanelLeftIcon,
  ReceiptIcon,
} from '../dashboard-icons.tsx'
import { sectionAt, sectionsFor } from './sections.ts'
import styles from './layout.module.css'

const ICONS = {
  '/dashboard': DashboardIcon,
  '/dashboard/listings': HomeIcon,
  '/dashboard/subscriptions': CreditCardIcon,
  '/dashboard/transactions': ReceiptIcon,
  '/dashboard/leads': ContactIcon,
  '/dashboard/settings': GearIcon,
  '/dashboard/form-health': ClipboardCheckIcon,
} as const

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
 * Below 768 px it is a row of tabs above the page, scrolling sideways, and does not collapse.
 */
export function Sidebar({ collapsed, onToggle, isAdmin = false, hasAccess = true }: SidebarProps) {
  const [location, navigate] = useLocation()
  const current = sectionAt(location, isAdmin)?.href
  const navRef = useRef<HTMLElement>(null)

  // On a phone the tabs scroll sideways: the current one is brought into view, on arrival and
  // when the window turns into a phone's width (the page itself does not move).
  useEffect(() => {
    function showCurrent() {
      const nav = navRef.current
      const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]')
      if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return
      const left = tab.getBoundingClientRect().left - nav.getBoundingClientRect().left
      nav.scrollLeft += left - (nav.clientWidth - tab.offsetWidth) / 2
    }
    showCurrent()
    window.addEventListener('resize', showCurrent)
    return () => {
      window.removeEventListener('resize', showCurrent)
    }
  }, [current])
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
      <nav ref={navRef} id={SIDEBAR_NAV_ID} aria-label="Dashboard" className={styles.nav}>
        <ul className={styles.navList}>
          {sectionsFor(isAdmin, hasAccess).map((section) => {
            const Icon = ICONS[section.href]
            return (
              <li key={section.href}>
                <Link
                  href={section.href}
                  className={styles.navItem}
                  aria-current={current === section.href ? 'page' : undefined}
                  title={collapsed ? section.label : undefined}
                >
                  <Icon size={20} />
                  <span className={styles.navLabel}>{section.label}</span>
                </Link>
              </li>
            )
          })}
          <li className={styles.logoutItem}>
            <button
              type="button"
              className={styles.navItem}
              title={collapsed ? 'Logout' : undefined}
              onClick={() => {
                // SPEC §4 dashboard logout: all local storage, the session (site, server and
                // extension) and the interface state the dashboard filled.
                setRemainingDays(0)
                setIsTrial(false)
                logout(navigate)
              }}
            >
              <LogOutIcon size={20} />
              <span className={styles.navLabel}>Logout</span>
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  )
}
