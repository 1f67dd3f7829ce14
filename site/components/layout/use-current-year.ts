import { useHydrated } from '../../lib/use-hydrated.ts'

/** The year of the build (site/vite.config.ts): what the prerendered footer says. */
const BUILD_YEAR = Number(import.meta.env.SITE_BUILD_YEAR ?? new Date().getFullYear())

/**
 * The visitor's current year, once hydrated; the build's while hydrating, so the footer matches
 * the HTML written at build (a page built in December still says the new year in January).
 */
export function useCurrentYear(): number {
  return useHydrated() ? new Date().getFullYear() : BUILD_YEAR
}
