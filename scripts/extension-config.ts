// The extension's build-time configuration: read once from the environment by manifest.config.ts
// and vite.config.ts, so the manifest and the code agree on every origin.
import { createHash } from 'node:crypto'
import path from 'node:path'

/**
 * Public half of the RSA key that fixes the unpacked extension's id (manifest `key`), the id the
 * site sends its messages to (EXTENSION_ID in api/extension-messages.ts). Generated
 * once with `npx tsx scripts/extension-key.ts`; the private half was never kept, as nothing needs
 * it: Chrome derives the id from the public key alone, and the Web Store signs with its own key.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA1uhqHfTrc1R7KKTL9fbXLTspmVy3Seje+4zsneLXA0MaAqEp3j/CAnTpeuUAFnJy3JelGr1C/tOu3svDYMBvYcaAMHJMo0y+uOZ6UyTOheKlgI86lFA8GHrdEBmphPuZLNyVr+QEgLhKR3kbXYUtEgD0lWq/U2oGYXzdWtI8E3X7Ughw0tNKMadKig+SCrkGe5KbYL2ujm5Cgn2bIr1yrB4YM+oZxGmO+DZ8xX3Gr/Dkd5iLyX+p/IeoBg9WDRkuD3fm4VLfHJyHPCXQsFA1u6Z5IgMjxfrMNZiLykbhyi1Q2bamvrBl1X2i/XLLViF8Cp2/OIsTRFvUpLXHpTzYOQIDAQAB'

export const DEFAULT_API_URL = 'http://localhost:8787'

/**
 * Where `npm run build:extension` puts the unpacked extension: dist/extension, or
 * `EXTENSION_OUT_DIR` (tests build one per API port without touching dist/). The store package
 * goes beside it as listingbridge-extension.zip.
 */
export function extensionOutDir(
  root: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return path.resolve(root, env.EXTENSION_OUT_DIR || 'dist/extension')
}

/** What the extension's code needs to know at run time (`__LISTINGBRIDGE_CONFIG__`). */
export interface ExtensionRuntimeConfig {
  /** Origin of the API, no trailing slash and no /api/v1. */
  apiUrl: string
  /** Where the site lives: sign-up, pricing and dashboard links. */
  siteUrl: string
  /** Origins allowed to message the extension (externally_connectable + sender.origin check). */
  siteOrigins: string[]
}

export interface ExtensionBuildConfig extends ExtensionRuntimeConfig {
  /** Manifest `key` (base64 DER SubjectPublicKeyInfo). */
  key: string
  extensionId: string
}

/**
 * Chrome's extension id: the first 128 bits of SHA-256 over the DER public key, written in hex
 * with the digits 0–f spelled a–p.
 */
export function extensionIdFromKey(base64Key: string): string {
  const hex = createHash('sha256').update(Buffer.from(base64Key, 'base64')).digest('hex')
  return hex
    .slice(0, 32)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode('a'.charCodeAt(0) + parseInt(digit, 16)))
}

function origin(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be a URL, got "${value}"`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`)
  }
  return url.origin
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

/**
 * The environment the extension is built for, with the server's variable names (README):
 * `API_URL` (default http://localhost:8787), `SITE_URL` (default: the API's origin, as the server
 * serves the site), `SITE_ORIGINS` (more site origins, comma separated) and `EXTENSION_KEY`
 * (another public key, e.g. the Web Store item's, to build with its id).
 */
export function extensionBuildConfig(
  env: Record<string, string | undefined> = process.env,
): ExtensionBuildConfig {
  const apiUrl = origin('API_URL', env.API_URL || DEFAULT_API_URL)
  const siteUrl = (env.SITE_URL || apiUrl).replace(/\/+$/, '')
  const siteOrigins = [
    ...new Set([
      origin('SITE_URL', siteUrl),
      ...list(env.SITE_ORIGINS).map((o) => origin('SITE_ORIGINS', o)),
    ]),
  ]
  const key = env.EXTENSION_KEY?.replace(/\s+/g, '') || EXTENSION_PUBLIC_KEY
  return { apiUrl, siteUrl, siteOrigins, key, extensionId: extensionIdFromKey(key) }
}

/** `https://example.com` → `https://example.com/*`; ports are kept (Chrome matches them). */
export function matchPattern(originUrl: string): string {
  return `${originUrl}/*`
}
