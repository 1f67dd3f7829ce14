import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/** SPEC §2: the footer is hidden on these pages. */
export const PAGES_WITHOUT_FOOTER = ['/signup-success', '/login-success']

/** The shared frame of every page: fixed header, content, footer (SPEC §2 "Shared layout"). */
export function PageLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation()

  // A new page starts at its top, unless the address points at a section of it.
  useEffect(() => {
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
