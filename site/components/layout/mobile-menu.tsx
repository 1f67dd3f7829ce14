import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { CloseIcon, LogOutIcon } from '../icons.tsx'
import { Avatar } from './avatar.tsx'
import { isActivePath, type NavLink } from './header-links.ts'
import { logoutOnMobile } from './lazy-logout.ts'
import { userLabel } from './user-identity.ts'
import styles from './mobile-menu.module.css'

export const MOBILE_MENU_ID = 'mobile-menu'
/** Above this width the desktop header takes over and the panel has no reason to stay open. */
const DESKTOP_QUERY = '(min-width: 900px)'

interface MobileMenuProps {
  links: NavLink[]
  currentPath: string
  loggedIn: boolean
  userName: string
  onClose: () => void
  /** Gets the focus back when the menu closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The mobile slide-in menu (docs/product.md#mobile-menu). While open the page behind does not
 * scroll, focus stays inside, and Escape, the close button or a click on the backdrop closes it.
 */
export function MobileMenu(props: MobileMenuProps) {
  const { links, currentPath, loggedIn, userName, onClose, returnFocusTo } = props
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    document.body.classList.add('scroll-locked')
    closeRef.current?.focus()
    const returnTarget = returnFocusTo.current
    return () => {
      document.body.classList.remove('scroll-locked')
      returnTarget?.focus()
    }
  }, [returnFocusTo])

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    const desktop = window.matchMedia(DESKTOP_QUERY)
    const onWidth = () => {
      if (desktop.matches) onClose()
    }
    document.addEventListener('keydown', onKey)
    desktop.addEventListener('change', onWidth)
    return () => {
      document.removeEventListener('keydown', onKey)
      desktop.removeEventListener('change', onWidth)
    }
  }, [onClose])

  /** Keeps Tab and Shift+Tab cycling inside the panel. */
  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panelRef.current) return
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <>
      <div
        className={styles.overlay}
        onClick={onClose}
        aria-hidden="true"
        data-testid="menu-overlay"
      />
      <div
        ref={panelRef}
        id={MOBILE_MENU_ID}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={trapFocus}
      >
        <div className={styles.top}>
          <span className={styles.title}>{brand.name}</span>
          <button
            ref={closeRef}
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label="Close menu"
          >
            <CloseIcon />
          </button>
        </div>
        {loggedIn && (
          <div className={styles.user}>
            <Avatar name={userName} />
            <span className={styles.userName}>{userLabel(userName)}</span>
          </div>
        )}
        <nav aria-label="Mobile">
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={styles.link}
                  aria-current={isActivePath(currentPath, link.href) ? 'page' : undefined}
                  onClick={onClose}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          {loggedIn ? (
            <>
              {/* Open without a subscription too: the way to one's data when the trial has ended. */}
              <Link
                href="/dashboard/settings"
                className="button button-secondary"
                onClick={onClose}
              >
                Settings
              </Link>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  void logoutOnMobile()
                }}
              >
                <LogOutIcon size={18} />
                Log Out
              </button>
            </>
          ) : (
            <>
              <Link href="/sign-in" className="button button-secondary" onClick={onClose}>
                Login
              </Link>
              <Link href="/sign-up" className="button button-primary" onClick={onClose}>
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </>,
    document.body,
  )
}
