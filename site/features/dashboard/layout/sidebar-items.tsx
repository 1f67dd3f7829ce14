import { Link, useLocation } from 'wouter'
import { DashboardIcon, HomeIcon, LogOutIcon } from '../../../components/icons.tsx'
import { setIsTrial, setRemainingDays } from '../../../lib/store.ts'
import { logout } from '../../auth/logout.ts'
import {
  ClipboardCheckIcon,
  ContactIcon,
  CreditCardIcon,
  GearIcon,
  ReceiptIcon,
} from '../dashboard-icons.tsx'
import type { DashboardSection } from './sections.ts'
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

interface SectionLinkProps {
  section: DashboardSection
  /** The href of the page on screen: its link is marked aria-current. */
  current: string | undefined
  className?: string
  /** The sidebar shows icons only: the name is the tooltip too. */
  collapsed?: boolean
  onFollow?: () => void
}

/** A dashboard page's link: its icon and name. */
export function SectionLink({
  section,
  current,
  className,
  collapsed,
  onFollow,
}: SectionLinkProps) {
  const Icon = ICONS[section.href]
  return (
    <Link
      href={section.href}
      className={className}
      aria-current={current === section.href ? 'page' : undefined}
      title={collapsed ? section.label : undefined}
      onClick={onFollow}
    >
      <Icon size={20} />
      <span className={styles.navLabel}>{section.label}</span>
    </Link>
  )
}

/**
 * Logout: all local storage, the session (site, server and extension) and the interface state
 * the dashboard filled are cleared, then /sign-in.
 */
export function LogoutButton({
  className,
  collapsed,
}: {
  className?: string
  collapsed?: boolean
}) {
  const [, navigate] = useLocation()
  return (
    <button
      type="button"
      className={className}
      title={collapsed ? 'Logout' : undefined}
      onClick={() => {
        setRemainingDays(0)
        setIsTrial(false)
        logout(navigate)
      }}
    >
      <LogOutIcon size={20} />
      <span className={styles.navLabel}>Logout</span>
    </button>
  )
}
