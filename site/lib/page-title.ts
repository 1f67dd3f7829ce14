import { createContext, useContext, useEffect } from 'react'
import { brand } from '../../api/brand.ts'

/** "Page — ListingBridge", or the site's own title for the home page (null). */
export function documentTitle(title: string | null): string {
  return title
    ? `${title} — ${brand.name}`
    : `${brand.name} — Zillow listings to Facebook Marketplace in one click`
}

/**
 * Present only while a page is rendered at build (site/prerender-entry.tsx), where effects never
 * run: it takes the page's title for the <title> of the page's HTML.
 */
export const PrerenderedTitleContext = createContext<((title: string) => void) | null>(null)

/** Sets the document title as "Page — ListingBridge". */
export function usePageTitle(title: string | null): void {
  const recordPrerenderedTitle = useContext(PrerenderedTitleContext)
  recordPrerenderedTitle?.(documentTitle(title))
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
