import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { useIsLoggedIn } from '../../features/auth/use-session.ts'
import { LogoMark, MenuIcon } from '../icons.tsx'
import { headerLinks, HEADER_SCROLL_THRESHOLD_PX, isActivePath } from './header-links.ts'
import { MobileMenu, MOBILE_MENU_ID } from './mobile-menu.tsx'
import { useScrolledPast } from './use-scrolled-past.ts'
import { useKnownUserName } from './use-user-name.ts'
import styles from './site-header.module.css'

/** Radix's menu is only for logged-in visitors; the landing page's first load goes without it. */
const UserMenu = lazy(() => import('./user-menu.tsx'))

/**
 * The fixed header (docs/product.md#layout-header): links by login state, active link by path,
 * scroll style, mobile menu.
 */
export function SiteHeader() {
  const [location] = useLocation()
  const loggedIn = useIsLoggedIn()
  const userName = useKnownUserName()
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX)
  // The menu belongs to the page it was opened on: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null)
  const menuOpen = menuOpenOn === location
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => {
    setMenuOpenOn(null)
  }, [])
  const links = headerLinks(loggedIn)

  return (
    <header className={styles.header} data-scrolled={scrolled ? 'true' : 'false'}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className={`container ${styles.inner}`}>
        <Link href="/" className={styles.brand} aria-label={`${brand.name} home`}>
          <LogoMark />
          <span>{brand.name}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.navList}>
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={styles.navLink}
                  aria-current={isActivePath(location, link.href) ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          {loggedIn ? (
            <Suspense fallback={<span className={styles.userPlaceholder} aria-hidden="true" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <>
              {/* Hidden from a visitor with a stored session until hydrated (global.css). */}
              <Link href="/sign-in" className="button button-ghost" data-guest-only="">
                Login
              </Link>
              <Link href="/sign-up" className="button button-primary" data-guest-only="">
                Get Started
              </Link>
            </>
          )}
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => {
            setMenuOpenOn(location)
          }}
        >
          <MenuIcon size={24} />
        </button>
      </div>
      {menuOpen && (
        <MobileMenu
          links={links}
          currentPath={location}
          loggedIn={loggedIn}
          userName={userName}
          onClose={closeMenu}
          returnFocusTo={menuButtonRef}
        />
      )}
    </header>
  )
}
