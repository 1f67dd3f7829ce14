/**
 * Every page of the site, by path: the site's router is built on these paths (site/app/pages.tsx)
 * and the server answers them 200 and anything else 404, lists the public ones in sitemap.xml and
 * keeps crawlers out of the private ones (robots.txt).
 *
 * Paths are wouter patterns: `:name` is one segment, a trailing `/*?` any rest or none.
 */

/**
 * - `public`: a page for anyone, worth finding (sitemap.xml).
 * - `account`: signing up or in; crawlable, not listed.
 * - `private`: one person's page, a link from an e-mail or a payment; crawlers stay out.
 */
export type SitePageKind = 'public' | 'account' | 'private'

export const SITE_PAGES = [
  { path: '/', kind: 'public' },
  { path: '/pricing', kind: 'public' },
  { path: '/contact-us', kind: 'public' },
  { path: '/faq', kind: 'public' },
  { path: '/privacy', kind: 'public' },
  { path: '/terms-of-service', kind: 'public' },
  { path: '/sign-up', kind: 'account' },
  { path: '/sign-in', kind: 'account' },
  { path: '/forgot-password', kind: 'account' },
  { path: '/reset-password', kind: 'private' },
  { path: '/verify-email/:token', kind: 'private' },
  { path: '/confirm-email/:token', kind: 'private' },
  { path: '/signup-success', kind: 'private' },
  { path: '/login-success', kind: 'private' },
  { path: '/success', kind: 'private' },
  { path: '/cancel', kind: 'private' },
  // The dashboard's own pages (/dashboard/listings, …) are its business: it answers an unknown
  // one itself, and only it knows which are for operators.
  { path: '/dashboard/*?', kind: 'private' },
  { path: '/membership', kind: 'private' },
] as const satisfies readonly { path: string; kind: SitePageKind }[]

export type SitePagePath = (typeof SITE_PAGES)[number]['path']

/** Old addresses people may still type or have bookmarked, and where each page lives now. */
export const SITE_REDIRECTS: Readonly<Record<string, SitePagePath>> = {
  '/contact': '/contact-us',
}

/**
 * `pattern` as the router reads it (wouter, through regexparam): segments match case-insensitively,
 * a trailing slash is allowed, `:name` is one non-empty segment, `*` one or more segments and `*?`
 * any or none. Other pattern syntax is not used by the site and refused here.
 */
export function pagePathPattern(pattern: string): RegExp {
  let source = ''
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*?') source += '(?:/(.*))?'
    else if (segment === '*') source += '/(.*)'
    else if (/^:[\w-]+$/.test(segment)) source += '/([^/]+?)'
    else if (/^[\w.-]+$/.test(segment)) source += `/${segment.replaceAll('.', '\\.')}`
    else throw new Error(`site page pattern ${pattern}: unsupported segment ${segment}`)
  }
  return new RegExp(`^${source}/?$`, 'i')
}

const PAGE_PATTERNS = SITE_PAGES.map((page) => ({ page, regex: pagePathPattern(page.path) }))

/** The site's page at `pathname`, or undefined for a path the site answers with "not found". */
export function sitePageAt(pathname: string): (typeof SITE_PAGES)[number] | undefined {
  return PAGE_PATTERNS.find(({ regex }) => regex.test(pathname))?.page
}
