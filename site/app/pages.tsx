import { lazy, type ComponentType } from 'react'
import { LandingPage } from '../features/landing/landing-page.tsx'

export interface PageEntry {
  path: string
  component: ComponentType
}

/**
 * Every route of the site (SPEC §2). The landing page is in the first bundle; everything else
 * loads on demand (DESIGN §9). A new page adds its file under features/ and one line here.
 */
export const pages: PageEntry[] = [
  { path: '/', component: LandingPage },
  // Marketing and information pages
  // Account pages
  {
    path: '/membership',
    component: lazy(() => import('../features/pricing/membership-redirect.tsx')),
  },
]
