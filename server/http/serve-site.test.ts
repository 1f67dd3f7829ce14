import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_PAGES } from '../../api/site-pages.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { inlineScriptSources } from './inline-script-csp.ts'
import { PRERENDERED_PATHS } from './prerendered-pages.ts'

const SITE_URL = 'https://agents.listingbridge.test'
const SHELL_SCRIPT = 'document.documentElement.dataset.x = "1"'
const SHELL = `<!doctype html><script>${SHELL_SCRIPT}</script><title>site</title><div id="root"></div>${' '.repeat(200)}`
/** What scripts/prerender-site.ts writes for /pricing: the shell with the page inside. */
const PRICING = SHELL.replace('<div id="root">', '<div id="root"><h1>Pricing</h1>')
const MAIN_JS = `console.log("${'main chunk '.repeat(100)}")`
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

let t: TestApp
let site: string

/** A file and its two compressed copies, as scripts/compress-site.ts leaves them. */
function writeText(name: string, text: string): void {
  const file = path.join(site, name)
  writeFileSync(file, text)
  writeFileSync(`${file}.br`, brotliCompressSync(text))
  writeFileSync(`${file}.gz`, gzipSync(text))
}

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'lb-site-'))
  mkdirSync(path.join(site, 'assets'))
  mkdirSync(path.join(site, 'pages'))
  writeText('index.html', SHELL)
  writeText('pages/pricing.html', PRICING)
  writeText('assets/app-123.js', MAIN_JS)
  writeText('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>')
  writeFileSync(path.join(site, 'og-image.png'), PNG)
  // A copy left by an earlier build: older than its file, so never sent in its place.
  writeText('assets/stale-1.js', 'console.log("old")')
  writeFileSync(path.join(site, 'assets/stale-1.js'), 'console.log("new")')
  const earlier = new Date(Date.now() - 60_000)
  utimesSync(path.join(site, 'assets/stale-1.js.br'), earlier, earlier)
  utimesSync(path.join(site, 'assets/stale-1.js.gz'), earlier, earlier)
  t = await createTestApp({ SITE_URL: `${SITE_URL}/` }, { siteDir: site })
})
afterAll(async () => {
  await t.close()
  rmSync(site, { recursive: true, force: true })
})

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers })
}

/** The body as the client reads it, decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding']
  const raw = res.rawPayload
  if (encoding === 'br') return brotliDecompressSync(raw).toString()
  if (encoding === 'gzip') return gunzipSync(raw).toString()
  expect(encoding).toBeUndefined()
  return raw.toString()
}

/** A path of `pattern` with its parameters filled in. */
function pathOf(pattern: string): string {
  return pattern.replace(/\/\*\?$/, '/listings').replace(/:[\w-]+/g, 'c2FtcGxlLXRva2Vu')
}

describe('compressed copies by content negotiation', () => {
  const cases: [string | undefined, 'br' | 'gzip' | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *;q=0.5', 'gzip'],
    ['*;q=0', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['identity;q=1, br;q=0.5', undefined],
    ['deflate', undefined],
    ['br;q=2', undefined],
    ['', undefined],
    [undefined, undefined],
  ]

  it.each(cases)('Accept-Encoding %j is answered in %s', async (accept, coding) => {
    const res = await get(
      '/assets/app-123.js',
      accept === undefined ? {} : { 'accept-encoding': accept },
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(coding)
    expect(decoded(res)).toBe(MAIN_JS)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    // Every answer of a compressible file varies, the plain one too: a cache must not hand it to
    // a client that asked differently.
    expect(res.headers.vary).toMatch(/\bAccept-Encoding\b/)
  })

  it('compresses the pages, prerendered or answered from the shell, the same way', async () => {
    for (const [url, body] of [
      ['/pricing', PRICING],
      ['/faq', SHELL],
    ] as const) {
      for (const coding of ['br', 'gzip'] as const) {
        const res = await get(url, { accept: 'text/html', 'accept-encoding': coding })
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-encoding'], url).toBe(coding)
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8')
        expect(res.headers.vary, url).toMatch(/\bAccept-Encoding\b/)
        expect(decoded(res), url).toBe(body)
      }
    }
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': accept }
      const full = await get('/assets/app-123.js', headers)
      const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-123.js', headers })
      expect(head.statusCode, accept).toBe(200)
      expect(head.rawPayload.length, accept).toBe(0)
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'etag']) {
        expect(head.headers[name], `${accept} ${name}`).toBe(full.headers[name])
      }
    }
  })

  it('adds Accept-Encoding to Vary without dropping what CORS put there', async () => {
    const res = await get('/assets/app-123.js', {
      origin: 'http://localhost:5173',
      'accept-encoding': 'br',
    })
    const vary = String(res.headers.vary)
    expect(vary).toMatch(/\bOrigin\b/)
    expect(vary).toMatch(/\bAccept-Encoding\b/)
  })

  it('sends the whole file for a Range request rather than a range of a compressed copy', async () => {
    const res = await get('/assets/app-123.js', { 'accept-encoding': 'br', range: 'bytes=0-9' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-range']).toBeUndefined()
    expect(res.headers['accept-ranges']).toBe('none')
    expect(decoded(res)).toBe(MAIN_JS)
  })

  it('never sends a copy older than its file (left by an earlier build)', async () => {
    const res = await get('/assets/stale-1.js', { 'accept-encoding': 'br, gzip' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('console.log("new")')
  })

  it('sends binary files as they are, with their type and no Vary', async () => {
    const res = await get('/og-image.png', { 'accept-encoding': 'br, gzip' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary ?? '').not.toMatch(/Accept-Encoding/)
    expect(res.rawPayload.equals(PNG)).toBe(true)
  })

  it('serves the compressed copies only in place of their file', async () => {
    for (const url of [
      '/assets/app-123.js.br',
      '/index.html.gz',
      '/index.html',
      '/pages/pricing.html',
      '/pages/pricing.html.br',
      '/pages/pricing',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-encoding'], url).toBeUndefined()
    }
  })
})

describe('caching', () => {
  it('keeps hashed assets for a year, unasked', async () => {
    const res = await get('/assets/app-123.js')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('revalidates a prerendered page by its own ETag', async () => {
    const page = await get('/pricing', { accept: 'text/html', 'accept-encoding': 'br' })
    const shell = await get('/faq', { accept: 'text/html', 'accept-encoding': 'br' })
    expect(page.headers.etag).not.toBe(shell.headers.etag)
    const again = await get('/pricing', {
      accept: 'text/html',
      'accept-encoding': 'br',
      'if-none-match': String(page.headers.etag),
    })
    expect(again.statusCode).toBe(304)
  })

  it('has pages and unhashed files revalidated on every use', async () => {
    for (const url of ['/', '/pricing', '/favicon.svg', '/og-image.png']) {
      const res = await get(url, { accept: 'text/html' })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers.etag, url).toMatch(/^"[^"]+"$/)
      expect(res.headers['last-modified'], url).toBeDefined()
    }
  })

  it('answers 304 to a current copy, by ETag or by date, and 200 to another coding’s tag', async () => {
    const br = await get('/favicon.svg', { 'accept-encoding': 'br' })
    const gzip = await get('/favicon.svg', { 'accept-encoding': 'gzip' })
    const brTag = String(br.headers.etag)
    expect(brTag).not.toBe(gzip.headers.etag)

    const current = await get('/favicon.svg', { 'accept-encoding': 'br', 'if-none-match': brTag })
    expect(current.statusCode).toBe(304)
    expect(current.rawPayload.length).toBe(0)
    expect(current.headers.etag).toBe(brTag)
    expect(current.headers.vary).toMatch(/\bAccept-Encoding\b/)
    const weak = await get('/favicon.svg', {
      'accept-encoding': 'br',
      'if-none-match': `W/${brTag}`,
    })
    expect(weak.statusCode).toBe(304)

    const other = await get('/favicon.svg', { 'accept-encoding': 'gzip', 'if-none-match': brTag })
    expect(other.statusCode).toBe(200)
    expect(other.headers['content-encoding']).toBe('gzip')

    const byDate = await get('/favicon.svg', {
      'if-modified-since': String(br.headers['last-modified']),
    })
    expect(byDate.statusCode).toBe(304)
    const older = await get('/favicon.svg', {
      'if-modified-since': new Date(0).toUTCString(),
    })
    expect(older.statusCode).toBe(200)
  })

  it('serves files written after start-up (a rebuild needs no restart)', async () => {
    writeFileSync(path.join(site, 'assets', 'app-456.js'), 'console.log(2)')
    const res = await get('/assets/app-456.js', { 'accept-encoding': 'br' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('console.log(2)')
  })
})

describe('pages and unknown paths', () => {
  it('answers every page of the site 200: its prerendered HTML when built, else the shell', async () => {
    for (const { path: pattern } of SITE_PAGES) {
      const url = pathOf(pattern)
      const res = await get(url, { accept: 'text/html' })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(url === '/pricing' ? PRICING : SHELL)
    }
  })

  it('prerenders the public and account pages without parameters, and no private page', () => {
    expect(PRERENDERED_PATHS).toEqual([
      '/',
      '/pricing',
      '/contact-us',
      '/faq',
      '/privacy',
      '/terms-of-service',
      '/sign-up',
      '/sign-in',
      '/forgot-password',
    ])
  })

  it('answers the prerendered HTML only at the page’s own path; other spellings get the shell', async () => {
    for (const url of ['/Pricing', '/pricing/', '/PRICING/']) {
      const res = await get(url, { accept: 'text/html' })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(SHELL)
    }
    const withQuery = await get('/pricing?plan=annual', { accept: 'text/html' })
    expect(withQuery.body).toBe(PRICING)
  })

  it('lets each page run its own inline script, by hash, and nothing else inline', async () => {
    const [shellSource] = inlineScriptSources(SHELL)
    expect(shellSource).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
    for (const url of ['/pricing', '/faq', '/nope']) {
      const res = await get(url, { accept: 'text/html' })
      const policy = String(res.headers['content-security-policy'])
      const scriptSrc = policy.split(';').find((d) => /^script-src\s/.test(d.trim()))
      expect(scriptSrc?.trim(), url).toBe(`script-src 'self' ${shellSource ?? ''}`)
    }
    // A file that is not a page keeps the policy as it is.
    const asset = await get('/assets/app-123.js')
    expect(String(asset.headers['content-security-policy'])).toContain("script-src 'self';")
  })

  it('hashes the script of the page as rebuilt, without a restart', async () => {
    const rebuilt = PRICING.replace(SHELL_SCRIPT, 'void 0')
    writeText('pages/pricing.html', rebuilt)
    // A rebuild within the same millisecond as the first write still differs in size.
    const res = await get('/pricing', { accept: 'text/html' })
    expect(res.body).toBe(rebuilt)
    expect(String(res.headers['content-security-policy'])).toContain(
      inlineScriptSources(rebuilt)[0] ?? 'missing',
    )
    writeText('pages/pricing.html', PRICING)
  })

  it('reads paths as the router does: a trailing slash, any case, a query', async () => {
    for (const url of ['/pricing/', '/Pricing', '/dashboard', '/dashboard/leads/', '/?ref=x']) {
      const res = await get(url, { accept: 'text/html' })
      expect(res.statusCode, url).toBe(200)
    }
  })

  it('answers a page to any client, not only to a browser', async () => {
    const res = await get('/pricing', { accept: '*/*' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(PRICING)
  })

  it('answers an unknown path in a browser 404 with the shell (the app shows "not found")', async () => {
    for (const url of [
      '/nope',
      '/pricing/extra',
      '/verify-email/',
      '/verify-email/a/b',
      '/dashboardx',
    ]) {
      const res = await get(url, {
        accept: 'text/html,application/xhtml+xml',
        'accept-encoding': 'br',
      })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(decoded(res), url).toBe(SHELL)
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/nope',
      headers: { accept: 'text/html' },
    })
    expect(head.statusCode).toBe(404)
    expect(head.rawPayload.length).toBe(0)
  })

  it('keeps unknown API routes, missing files and non-page requests as 404 envelopes', async () => {
    for (const url of ['/api/v1/nope', '/api', '/dev/nope']) {
      const res = await get(url, { accept: 'text/html' })
      expect(res.statusCode, url).toBe(404)
      expect(res.json<{ status: string }>().status, url).toBe('error')
    }
    for (const url of ['/assets/missing-1.js', '/nope']) {
      const res = await get(url, { accept: '*/*' })
      expect(res.statusCode, url).toBe(404)
      expect(res.json<{ status: string }>().status, url).toBe('error')
    }
  })

  it('never serves a file from outside the site', async () => {
    for (const url of ['/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json', '/.env']) {
      const res = await get(url, { accept: '*/*' })
      expect(res.statusCode, url).toBe(404)
    }
  })
})

describe('robots.txt, sitemap.xml and moved pages', () => {
  it('lets crawlers see the public pages and keeps them out of private ones and the API', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = res.body.split('\n')
    expect(lines).toContain('User-agent: *')
    for (const path of ['/api/', '/dashboard', '/verify-email/', '/confirm-email/', '/success']) {
      expect(lines, path).toContain(`Disallow: ${path}`)
    }
    for (const page of SITE_PAGES.filter((p) => p.kind !== 'private')) {
      expect(lines, page.path).not.toContain(`Disallow: ${page.path}`)
    }
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)
  })

  it('lists the public pages, and only those, at their absolute addresses', async () => {
    const res = await get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/)
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      `${SITE_URL}/`,
      `${SITE_URL}/pricing`,
      `${SITE_URL}/contact-us`,
      `${SITE_URL}/faq`,
      `${SITE_URL}/privacy`,
      `${SITE_URL}/terms-of-service`,
    ])
  })

  it('revalidates both by ETag', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const first = await get(url)
      expect(first.headers['cache-control'], url).toBe('no-cache')
      const again = await get(url, { 'if-none-match': String(first.headers.etag) })
      expect(again.statusCode, url).toBe(304)
    }
  })

  it('moves /contact to /contact-us for good, query kept', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/contact?from=card' })
      expect(res.statusCode, method).toBe(301)
      expect(res.headers.location, method).toBe('/contact-us?from=card')
    }
  })
})
