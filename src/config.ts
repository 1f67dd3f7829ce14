/** Build-time configuration (vite.config.ts `define`); the defaults serve unit tests. */
export interface ExtensionConfig {
  /** Origin of the API, no trailing slash. */
  apiUrl: string
  /** The site: sign-up, pricing and dashboard links. */
  siteUrl: string
  /** Origins allowed to message the extension (externally_connectable + sender.origin). */
  siteOrigins: readonly string[]
}

declare const __LISTINGBRIDGE_CONFIG__: ExtensionConfig | undefined

const defaults: ExtensionConfig = {
  apiUrl: 'http://localhost:8787',
  siteUrl: 'http://localhost:8787',
  siteOrigins: ['http://localhost:8787'],
}

export const config: ExtensionConfig =
  typeof __LISTINGBRIDGE_CONFIG__ === 'undefined' ? defaults : __LISTINGBRIDGE_CONFIG__

/** A page of the site, e.g. `siteLink('/pricing')`. */
export function siteLink(pathname: string): string {
  return `${config.siteUrl}${pathname}`
}
