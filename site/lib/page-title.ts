import { useEffect } from 'react'
import { brand } from '../../api/brand.ts'

/** Sets the document title as "Page — ListingBridge". */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title
      ? `${title} — ${brand.name}`
      : `${brand.name} — Zillow listings to Facebook Marketplace in one click`
  }, [title])
}
