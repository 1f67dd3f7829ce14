import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/** The footer is hidden on these pages (docs/product.md#layout-footer). */
export const PAGES_WITHOUT_FOOTER = ['/signup-success', '/login-success']

/**
 * The shared frame of every page: fixed header, content, footer (docs/product.md#shared-layout).
 */
export function PageLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  /** The page the visit began on, until the visitor leaves it. */
  const entryLocation = useRef<string | null>(location)

  // A new page starts at its top, unless the address points at a section of it. The page the
  // visit began on is left where it is: a prerendered page may have been scrolled before it
  // hydrated, and a reload keeps the browser's restored position.
  useEffect(() => {
    if (location === entryLocation.current) return
    entryLocation.current = null
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [location])

  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {!PAGES_WITHOUT_FOOTER.includes(location) && <SiteFooter />}
    </>
  )
}
