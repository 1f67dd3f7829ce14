// Its own module with no imports: the site's first bundle needs the id but none of the message
// schemas (zod) beside it.

/**
 * The id Chrome gives the unpacked extension built from this repository: fixed by the manifest
 * `key` (EXTENSION_PUBLIC_KEY in scripts/extension-config.ts; a test checks the two agree). A Web
 * Store build has the id the store gave it; the site is then built with `VITE_EXTENSION_ID`.
 */
export const EXTENSION_ID = 'pbbabkcdfmpdjfgendlofdfppimbcapd'
