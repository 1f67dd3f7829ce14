import { SITE_PAGES } from '../../api/site-pages.ts'

/** The folder of the built site that holds one HTML file per prerendered page. */
export const PRERENDERED_DIR = 'pages'

/**
 * The pages written to HTML at build (scripts/prerender-site.ts): everyone's pages, public and
 * account, whose path has no parameter. Private pages are one person's: the shell renders them.
 */
export const PRERENDERED_PATHS: readonly string[] = SITE_PAGES.filter(
  (page) => page.kind !== 'private' && !/[:*]/.test(page.path),
).map((page) => page.path)

/**
 * Where the prerendered HTML of `pathname` is, relative to the built site, or undefined. Only the
 * page's own spelling has one: the router also takes `/Pricing` and `/pricing/`, which get the
 * shell, since the HTML written for `/pricing` says it is on `/pricing` (its active link).
 */
export function prerenderedFile(pathname: string): string | undefined {
  if (!PRERENDERED_PATHS.includes(pathname)) return undefined
  return `${PRERENDERED_DIR}/${pathname === '/' ? 'index' : pathname.slice(1)}.html`
}
