/**
 * How the real server serves the built site to real Chromium: compressed copies of the text files
 * (written at build), the production React bundle, a 404 status for an unknown page, a link
 * preview image, and pages that run under the strict CSP without a single violation.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SITE_PAGES } from '../../api/site-pages.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { textOf, waitForApp } from '../support/page.ts'
import { startServer, type RunningServer } from '../support/server.ts'

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]
let consoleErrors: string[]

/** Collected in the page from before its first script: every CSP violation it reports. */
const COLLECT_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(
      event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') +
        ' in ' + event.sourceFile + ':' + event.lineNumber,
    );
  });
`

async function violationsOf(p: Page): Promise<string[]> {
  return (await p.evaluate('window.__cspViolations')) as string[]
}

beforeAll(async () => {
  ;[server, chromium] = await Promise.all([startServer(), launchBrowser()])
  page = chromium.page
  pageErrors = collectPageErrors(page)
  consoleErrors = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.evaluateOnNewDocument(COLLECT_VIOLATIONS)
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop()])
})

beforeEach(() => {
  pageErrors.length = 0
  consoleErrors.length = 0
})

/** The main chunk index.html loads (the one entry script). */
async function mainChunkPath(): Promise<string> {
  const html = await (await fetch(`${server.url}/`)).text()
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1]
  expect(src, 'index.html loads one module script').toBeDefined()
  return src ?? ''
}

describe('compression and caching', () => {
  it('sends Chromium the main chunk in Brotli', async () => {
    const main = await mainChunkPath()
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === main)
    await page.goto(`${server.url}/`, { waitUntil: 'load' })
    const headers = (await response).headers()
    // Chromium asks for "gzip, deflate, br, zstd" over https and on localhost, as here.
    expect(headers['content-encoding']).toBe('br')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(headers.vary).toMatch(/\bAccept-Encoding\b/)
    // What came over the wire against what the script is: the Resource Timing entry of the chunk.
    const sizes = await page.evaluate(
      `(() => { const e = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === ${JSON.stringify(main)}); return e && [e.encodedBodySize, e.decodedBodySize] })()`,
    )
    const [encoded, decoded] = sizes as [number, number]
    expect(encoded).toBeGreaterThan(0)
    expect(encoded * 2, 'Brotli or gzip at least halves the main chunk').toBeLessThan(decoded)
  })

  it('sends each coding on request, with its own length, and the plain file to whoever asks none', async () => {
    const main = await mainChunkPath()
    const plain = await fetch(`${server.url}${main}`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    for (const coding of ['br', 'gzip']) {
      const res = await fetch(`${server.url}${main}`, { headers: { 'accept-encoding': coding } })
      expect(res.headers.get('content-encoding'), coding).toBe(coding)
      expect(res.headers.get('content-type'), coding).toBe('text/javascript; charset=utf-8')
      expect(Number(res.headers.get('content-length')), coding).toBeLessThan(text.length / 2)
      // fetch decodes what it asked for: the same script.
      expect(await res.text(), coding).toBe(text)
    }
  })

  it('has pages revalidated on every visit', async () => {
    const res = await fetch(`${server.url}/pricing`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await fetch(`${server.url}/pricing`, {
      headers: { accept: 'text/html', 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('ships React’s production build, never its development one', async () => {
    const script = await (await fetch(`${server.url}${await mainChunkPath()}`)).text()
    // Only the production build links its minified errors to react.dev/errors; only the
    // development build asks for React DevTools in the console.
    expect(script).toContain('react.dev/errors/')
    expect(script).not.toContain('Download the React DevTools')
  })
})

describe('unknown pages', () => {
  it('answers 404 with the site’s "not found" page', async () => {
    const response = await page.goto(`${server.url}/no-such-page`, { waitUntil: 'load' })
    expect(response?.status()).toBe(404)
    await waitForApp(page)
    expect(await textOf(page, 'h1')).toBe('We could not find that page')
    expect(pageErrors).toEqual([])
  })

  it('answers 200 to a page of the site, a parameter in its path too', async () => {
    for (const path of ['/pricing', '/verify-email/not-a-real-token']) {
      const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
      expect(response?.status(), path).toBe(200)
    }
  })
})

describe('link previews', () => {
  it('point at a 1200 × 630 PNG that the server serves', async () => {
    const html = await (await fetch(`${server.url}/`)).text()
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
    expect(image).toBeDefined()
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"')
    const res = await fetch(new URL(image ?? '', `${server.url}/`))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    const png = Buffer.from(await res.arrayBuffer())
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    // IHDR, the first chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  })
})

describe('the strict CSP', () => {
  const paths = [
    ...SITE_PAGES.filter((p) => p.kind === 'public').map((p) => p.path),
    '/sign-in',
    '/sign-up',
  ]

  it.each(paths)('%s runs without a CSP violation or a console error', async (path) => {
    // Network idle: the page has loaded its lazy parts and asked the API what it shows.
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' })
    await waitForApp(page)
    expect(await violationsOf(page)).toEqual([])
    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
