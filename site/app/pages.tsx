import { lazy, type ComponentType } from 'react'
import type { SitePagePath } from '../../api/site-pages.ts'
import { LandingPage } from '../features/landing/landing-page.tsx'

export interface PageEntry {
  /** One of the site's paths (api/site-pages.ts), which the server answers 200. */
  path: SitePagePath
  component: ComponentType
}

/**
 * Every route of the site. The landing page is in the first bundle; everything else loads on
 * demand, so a first visit downloads only what its page needs. A new page adds its file under features/, its path to
 * api/site-pages.ts and one line here.
 */
export const pages: PageEntry[] = [
  { path: '/', component: LandingPage },
  // Marketing and information pages
  { path: '/pricing', component: lazy(() => import('../features/pricing/pricing-page.tsx')) },
  { path: '/contact-us', component: lazy(() => import('../features/contact/contact-page.tsx')) },
  { path: '/faq', component: lazy(() => import('../features/faq/faq-page.tsx')) },
  { path: '/privacy', component: lazy(() => import('../features/legal/privacy-page.tsx')) },
  {
    path: '/terms-of-service',
    component: lazy(() => import('../features/legal/terms-page.tsx')),
  },
  // Account pages
  { path: '/sign-up', component: lazy(() => import('../features/auth/sign-up-page.tsx')) },
  { path: '/sign-in', component: lazy(() => import('../features/auth/sign-in-page.tsx')) },
  {
    path: '/forgot-password',
    component: lazy(() => import('../features/auth/forgot-password-page.tsx')),
  },
  {
    path: '/reset-password',
    component: lazy(() => import('../features/auth/reset-password-page.tsx')),
  },
  {
    path: '/verify-email/:token',
    component: lazy(() => import('../features/auth/verify-email-page.tsx')),
  },
  {
    path: '/confirm-email/:token',
    component: lazy(() => import('../features/auth/confirm-email-page.tsx')),
  },
  {
    path: '/signup-success',
    component: lazy(() => import('../features/account/signup-success-page.tsx')),
  },
  {
    path: '/login-success',
    component: lazy(() => import('../features/account/login-success-page.tsx')),
  },
  {
    path: '/success',
    component: lazy(() => import('../features/account/payment-success-page.tsx')),
  },
  { path: '/cancel', component: lazy(() => import('../features/account/payment-cancel-page.tsx')) },
  // The dashboard and its pages (/dashboard, /dashboard/listings, /dashboard/settings, …): one
  // entry, so moving between them keeps the dashboard mounted.
  {
    path: '/dashboard/*?',
    component: lazy(() => import('../features/dashboard/dashboard-page.tsx')),
  },
  {
    path: '/membership',
    component: lazy(() => import('../features/pricing/membership-redirect.tsx')),
  },
]
