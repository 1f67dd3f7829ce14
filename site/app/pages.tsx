import { lazy, type ComponentType } from 'react'
import type { SitePagePath } from '../../api/site-pages.ts'

/** A page loaded on demand: its module as the build's manifest names it, and its loader. */
export interface LazyPageModule {
  /** The module's path relative to site/ (prerendering links its CSS and chunks from it). */
  source: string
  load: () => Promise<{ default: ComponentType }>
}

export interface PageEntry {
  /** One of the site's paths (api/site-pages.ts), which the server answers 200. */
  path: SitePagePath
  component: ComponentType
  lazyModule?: LazyPageModule
}

/** A page component loaded on demand; `source` names the same module as `load` imports. */
function onDemand(
  source: string,
  load: LazyPageModule['load'],
): Pick<PageEntry, 'component' | 'lazyModule'> {
  return { component: lazy(load), lazyModule: { source, load } }
}

/**
 * Every route of the site, each loaded on demand, so a first visit downloads only what its page
 * needs; a prerendered page's HTML preloads its own chunks, so the landing page loses nothing by
 * being one of them. A new page adds its file under features/, its path to api/site-pages.ts and
 * one line here.
 */
export const pages: PageEntry[] = [
  {
    path: '/',
    ...onDemand(
      'features/landing/landing-page.tsx',
      () => import('../features/landing/landing-page.tsx'),
    ),
  },
  // Marketing and information pages
  {
    path: '/pricing',
    ...onDemand(
      'features/pricing/pricing-page.tsx',
      () => import('../features/pricing/pricing-page.tsx'),
    ),
  },
  {
    path: '/contact-us',
    ...onDemand(
      'features/contact/contact-page.tsx',
      () => import('../features/contact/contact-page.tsx'),
    ),
  },
  {
    path: '/faq',
    ...onDemand('features/faq/faq-page.tsx', () => import('../features/faq/faq-page.tsx')),
  },
  {
    path: '/privacy',
    ...onDemand(
      'features/legal/privacy-page.tsx',
      () => import('../features/legal/privacy-page.tsx'),
    ),
  },
  {
    path: '/terms-of-service',
    ...onDemand('features/legal/terms-page.tsx', () => import('../features/legal/terms-page.tsx')),
  },
  // Account pages
  {
    path: '/sign-up',
    ...onDemand(
      'features/auth/sign-up-page.tsx',
      () => import('../features/auth/sign-up-page.tsx'),
    ),
  },
  {
    path: '/sign-in',
    ...onDemand(
      'features/auth/sign-in-page.tsx',
      () => import('../features/auth/sign-in-page.tsx'),
    ),
  },
  {
    path: '/forgot-password',
    ...onDemand(
      'features/auth/forgot-password-page.tsx',
      () => import('../features/auth/forgot-password-page.tsx'),
    ),
  },
  {
    path: '/reset-password',
    ...onDemand(
      'features/auth/reset-password-page.tsx',
      () => import('../features/auth/reset-password-page.tsx'),
    ),
  },
  {
    path: '/verify-email/:token',
    ...onDemand(
      'features/auth/verify-email-page.tsx',
      () => import('../features/auth/verify-email-page.tsx'),
    ),
  },
  {
    path: '/confirm-email/:token',
    ...onDemand(
      'features/auth/confirm-email-page.tsx',
      () => import('../features/auth/confirm-email-page.tsx'),
    ),
  },
  {
    path: '/signup-success',
    ...onDemand(
      'features/account/signup-success-page.tsx',
      () => import('../features/account/signup-success-page.tsx'),
    ),
  },
  {
    path: '/login-success',
    ...onDemand(
      'features/account/login-success-page.tsx',
      () => import('../features/account/login-success-page.tsx'),
    ),
  },
  {
    path: '/success',
    ...onDemand(
      'features/account/payment-success-page.tsx',
      () => import('../features/account/payment-success-page.tsx'),
    ),
  },
  {
    path: '/cancel',
    ...onDemand(
      'features/account/payment-cancel-page.tsx',
      () => import('../features/account/payment-cancel-page.tsx'),
    ),
  },
  // The dashboard and its pages (/dashboard, /dashboard/listings, /dashboard/settings, …): one
  // entry, so moving between them keeps the dashboard mounted.
  {
    path: '/dashboard/*?',
    ...onDemand(
      'features/dashboard/dashboard-page.tsx',
      () => import('../features/dashboard/dashboard-page.tsx'),
    ),
  },
  {
    path: '/membership',
    ...onDemand(
      'features/pricing/membership-redirect.tsx',
      () => import('../features/pricing/membership-redirect.tsx'),
    ),
  },
]
