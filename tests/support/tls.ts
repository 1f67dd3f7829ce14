/**
 * A self-signed certificate for the loopback HTTPS server that stands in for the listing sites,
 * their photo hosts, www.facebook.com and the FSBO sites, under their real names. Made at test
 * time with Debian's `openssl` (node:crypto makes keys but not certificates), once per process;
 * Chromium is launched with `--ignore-certificate-errors`, so nothing has to trust it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LEAD_SOURCE_SITES, LEAD_SOURCES } from '../../api/lead-sources.ts'
import { LISTING_SOURCE_SITES, LISTING_SOURCES } from '../../api/listing-sources.ts'

export interface TlsCredentials {
  key: Buffer
  cert: Buffer
}

/** The host of each Chrome match pattern (its wildcards are in the path only). */
function hostsOf(patterns: readonly string[]): string[] {
  return patterns.map((pattern) => new URL(pattern.replace(/\*/g, 'x')).hostname)
}

/**
 * The names the certificate is for: every listing source's pages and photo hosts, every FSBO
 * site's pages (from the registries the manifest is built from), Marketplace, and the image host
 * of ForSaleByOwner.com's pages (their pictures stay on loopback too).
 */
export const MAPPED_HOSTS = [
  ...new Set([
    ...LISTING_SOURCES.flatMap((source) =>
      hostsOf([
        ...LISTING_SOURCE_SITES[source].listingPages,
        ...LISTING_SOURCE_SITES[source].photoHosts,
      ]),
    ),
    ...LEAD_SOURCES.flatMap((source) =>
      hostsOf([
        ...LEAD_SOURCE_SITES[source].listingPages,
        ...LEAD_SOURCE_SITES[source].resultsPages,
      ]),
    ),
    'www.facebook.com',
    'images.forsalebyowner.com',
  ]),
]

let made: TlsCredentials | undefined

export function selfSignedCertificate(): TlsCredentials {
  if (made) return made
  const dir = mkdtempSync(path.join(tmpdir(), 'lb-tls-'))
  try {
    const keyFile = path.join(dir, 'key.pem')
    const certFile = path.join(dir, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=ListingBridge test fixtures',
        '-addext',
        `subjectAltName=${MAPPED_HOSTS.map((host) => `DNS:${host}`).join(',')}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    )
    made = { key: readFileSync(keyFile), cert: readFileSync(certFile) }
    return made
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
