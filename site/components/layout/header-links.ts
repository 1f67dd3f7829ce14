export interface NavLink {
  href: string
  label: string
}

/**
 * The header changes style (docs/product.md#layout-header) once the page has scrolled more than
 * this.
 */
export const HEADER_SCROLL_THRESHOLD_PX = 20

/**
 * The header's links (docs/product.md#layout-header): Home, Pricing, Contact, plus Dashboard when
 * logged in.
 */
export function headerLinks(loggedIn: boolean): NavLink[] {
  const links: NavLink[] = [
    { href: '/', label: 'Home' },
    { href: '/pricing', label: 'Pricing' },
    { href: '/contact-us', label: 'Contact' },
  ]
  if (loggedIn) links.push({ href: '/dashboard', label: 'Dashboard' })
  return links
}

/** The link of the current page: Home only on "/", others also on their sub-pages. */
export function isActivePath(currentPath: string, href: string): boolean {
  if (href === '/') return currentPath === '/'
  return currentPath === href || currentPath.startsWith(`${href}/`)
}
