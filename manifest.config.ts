// The extension's manifest (MV3), built by @crxjs/vite-plugin. Paths are relative to the project
// root. Origins come from the build environment (scripts/extension-config.ts).
import { defineManifest } from '@crxjs/vite-plugin'
import { brand } from './api/brand.ts'
import { LEAD_SOURCE_SITES, LEAD_SOURCES } from './api/lead-sources.ts'
import { LISTING_SOURCE_SITES, LISTING_SOURCES } from './api/listing-sources.ts'
import pkg from './package.json' with { type: 'json' }
import { extensionBuildConfig, matchPattern } from './scripts/extension-config.ts'

/** Every source's listing pages (api/listing-sources.ts): where the listing content script runs. */
export const LISTING_PAGE_PATTERNS = LISTING_SOURCES.flatMap(
  (source) => LISTING_SOURCE_SITES[source].listingPages,
)
/** Where the sources serve listing photos; the worker downloads them (content scripts cannot: CORS). */
export const PHOTO_HOST_PATTERNS = LISTING_SOURCES.flatMap(
  (source) => LISTING_SOURCE_SITES[source].photoHosts,
)
export const MARKETPLACE_CREATE_PATTERN = 'https://www.facebook.com/marketplace/create/*'
/**
 * Every lead source's listing and search-results pages (api/lead-sources.ts): where the FSBO
 * content script runs. Content-script matches only: the worker never fetches these.
 */
export const FSBO_PAGE_PATTERNS = LEAD_SOURCES.flatMap((source) => [
  ...LEAD_SOURCE_SITES[source].listingPages,
  ...LEAD_SOURCE_SITES[source].resultsPages,
])

/** The content scripts, each a self-contained bundle (vite.config.ts builds them so). */
export const LISTING_CONTENT_SCRIPT = 'src/content/listing.ts'
export const FSBO_CONTENT_SCRIPT = 'src/content/fsbo.ts'
export const MARKETPLACE_CONTENT_SCRIPT = 'src/content/marketplace.ts'
export const CONTENT_SCRIPTS = [
  LISTING_CONTENT_SCRIPT,
  FSBO_CONTENT_SCRIPT,
  MARKETPLACE_CONTENT_SCRIPT,
]

const icons = {
  16: 'src/assets/icons/icon-16.png',
  32: 'src/assets/icons/icon-32.png',
  48: 'src/assets/icons/icon-48.png',
  128: 'src/assets/icons/icon-128.png',
} as const

export default defineManifest(() => {
  const config = extensionBuildConfig()
  return {
    manifest_version: 3,
    name: brand.name,
    description: `${brand.name}: turn a Zillow, Realtor.com or Redfin listing into a Facebook Marketplace draft in one click, and save for-sale-by-owner leads.`,
    version: pkg.version,
    // Fixes the unpacked extension's id; the store package drops it (scripts/pack-extension.ts).
    key: config.key,
    // chrome.storage.session with access levels (102); module service workers; storage quota of
    // 10 MB in session storage (112); tabs.create with openerTabId; activeTab.
    minimum_chrome_version: '116',
    icons,
    action: {
      default_title: brand.name,
      default_icon: icons,
      default_popup: 'src/popup/index.html',
    },
    background: { service_worker: 'src/background/index.ts', type: 'module' },
    // storage: the session and pending drafts. activeTab: the popup reads the clicked tab's URL to
    // tell "not a listing" from "reload the page" (no install warning, no lasting access).
    permissions: ['storage', 'activeTab'],
    host_permissions: [matchPattern(config.apiUrl), ...PHOTO_HOST_PATTERNS],
    content_scripts: [
      { matches: LISTING_PAGE_PATTERNS, js: [LISTING_CONTENT_SCRIPT], run_at: 'document_idle' },
      { matches: FSBO_PAGE_PATTERNS, js: [FSBO_CONTENT_SCRIPT], run_at: 'document_idle' },
      {
        matches: [MARKETPLACE_CREATE_PATTERN],
        js: [MARKETPLACE_CONTENT_SCRIPT],
        run_at: 'document_idle',
      },
    ],
    // Only the site may message the extension (session sharing); the worker checks sender.origin too.
    externally_connectable: { matches: config.siteOrigins.map(matchPattern) },
  }
})
