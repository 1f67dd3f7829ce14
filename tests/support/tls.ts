/**
 * A self-signed certificate for the loopback HTTPS server that stands in for www.zillow.com,
 * www.facebook.com, photos.zillowstatic.com and the FSBO sites (DESIGN §8). Made at test time
 * with Debian's `openssl` (node:crypto makes keys but not certificates), once per process;
 * Chromium is launched with `--ignore-certificate-errors`, so nothing has to trust it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface TlsCredentials {
  key: Buffer
  cert: Buffer
}

/**
 * The names the certificate is for: the hostnames the extension's manifest matches, and the FSBO
 * sites' image host (their pages' pictures stay on loopback too).
 */
export const MAPPED_HOSTS = [
  'www.zillow.com',
  'www.facebook.com',
  'photos.zillowstatic.com',
  'fsbo.com',
  'www.fsbo.com',
  'www.forsalebyowner.com',
  'images.forsalebyowner.com',
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
