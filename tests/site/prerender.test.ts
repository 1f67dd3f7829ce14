/**
 * The public pages arrive as finished HTML (written at build by scripts/prerender-site.ts) and the
 * app hydrates them: content without JavaScript, the server's nodes kept, no mismatch, no CSP
 * violation, no guest "Login" painted for a visitor with a session, no layout shift.
 */
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRERENDERED_PATHS } from '../../server/http/prerendered-pages.ts'
import { createVerifiedAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { waitForApp } from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signIn } from '../support/site.ts'

let server: RunningServer
let chromium: LaunchedBrowser

beforeAll(async () => {
  ;[server, chromium] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await Promise.all([chromium.close(), server.stop()])
})

/** Runs in each page before its own scripts. */
const PROBES = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline'));
  });
  // When parsing ends, before the module script runs: the nodes the server sent.
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    window.__serverNodes = ['#root header', '#root h1', '#root footer'].map((s) => document.querySelector(s));
  });
  // Whether the guest's Login link, or any guest-only part, was visible in a painted frame
  // (requestAnimationFrame runs just before each paint).
  window.__guestLinkPainted = false;
  window.__guestOnlyPainted = false;
  const visible = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const lookForGuestParts = () => {
    const link = document.querySelector('#root header a[href="/sign-in"]');
    if (link && visible(link)) window.__guestLinkPainted = true;
    if ([...document.querySelectorAll('[data-guest-only]')].some(visible)) window.__guestOnlyPainted = true;
    requestAnimationFrame(lookForGuestParts);
  };
  requestAnimationFrame(lookForGuestParts);
  // Layout shifts not caused by input, from the first paint on.
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`

interface Tab {
  page: Page
  pageErrors: string[]
  consoleErrors: string[]
}

async function newTab(width: number, { javascript = true } = {}): Promise<Tab> {
  const page = await chromium.browser.newPage()
  await page.setViewport({ width, height: 800 })
  await page.setJavaScriptEnabled(javascript)
  if (javascript) await page.evaluateOnNewDocument(PROBES)
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  return { page, pageErrors: collectPageErrors(page), consoleErrors }
}

/** Text without tags, entities or runs of spaces: what a person reads. */
function readable(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

async function settle(page: Page): Promise<void> {
  // Two frames and a little idle time: anything the load started has run and painted.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 500))))',
  )
}

function watchStylesheetRequests(page: Page): string[] {
  const requested: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') requested.push(new URL(request.url()).pathname)
  })
  return requested
}

describe('the HTML the server sends', () => {
  it('already has each prerendered page: its heading, the header and the footer', async () => {
    const { page } = await newTab(1280)
    try {
      for (const pagePath of PRERENDERED_PATHS) {
        const res = await fetch(`${server.url}${pagePath}`, { headers: { accept: 'text/html' } })
        expect(res.status, pagePath).toBe(200)
        const html = await res.text()
        const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? ''
        expect(root, `${pagePath} has content in #root`).toContain('<main')
        expect(root, pagePath).toMatch(/<header class="[^"]+"[^>]*>[\s\S]*aria-label="Main"/)
        expect(root, pagePath).toMatch(/<footer class="[^"]+"[^>]*>[\s\S]*All rights reserved/)
        expect(html, pagePath).not.toContain('class="page-loading"')
        // The same main heading as the app shows once it runs.
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
        await waitForApp(page)
        const heading = (await page.evaluate(
          `document.querySelector('#root h1').textContent`,
        )) as string
        const sentHeading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? ''
        expect(readable(sentHeading), pagePath).toBe(heading.replace(/\s+/g, ' ').trim())
        expect(await page.title(), pagePath).toBe(
          /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&'),
        )
      }
    } finally {
      await page.close()
    }
  })

  it('answers an unknown path 404 with the shell, where the app shows "not found"', async () => {
    const res = await fetch(`${server.url}/no-such-page`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<div id="root"></div>')
    const { page, pageErrors } = await newTab(1280)
    try {
      const response = await page.goto(`${server.url}/no-such-page`, { waitUntil: 'load' })
      expect(response?.status()).toBe(404)
      await waitForApp(page)
      expect(await page.evaluate(`document.querySelector('h1').textContent`)).toBe(
        'We could not find that page',
      )
      expect(pageErrors).toEqual([])
    } finally {
      await page.close()
    }
  })
})

describe('without JavaScript', () => {
  for (const width of [375, 1280]) {
    it(`shows the landing and pricing pages, styled, at ${width} px`, async () => {
      const { page } = await newTab(width, { javascript: false })
      try {
        for (const [pagePath, name, heading] of [
          ['/', 'home', 'Your Listings on Facebook Marketplace'],
          ['/pricing', 'pricing', 'Maximize Your Real Estate Potential'],
        ] as const) {
          await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
          const seen = (await page.evaluate(`({
            heading: document.querySelector('h1')?.innerText ?? '',
            headerPosition: getComputedStyle(document.querySelector('#root header')).position,
            footer: document.querySelector('footer')?.innerText ?? '',
            // The page's own stylesheet came with the HTML (pricing: its centred intro).
            introAlign: getComputedStyle(document.querySelector('main h1').parentElement).textAlign,
            hydrated: document.documentElement.hasAttribute('data-app-ready'),
          })`)) as {
            heading: string
            headerPosition: string
            footer: string
            introAlign: string
            hydrated: boolean
          }
          expect(seen.hydrated, pagePath).toBe(false)
          expect(seen.heading, pagePath).toContain(heading)
          expect(seen.headerPosition, pagePath).toBe('fixed')
          expect(seen.footer, pagePath).toContain('All rights reserved')
          if (pagePath === '/pricing') expect(seen.introAlign).toBe('center')
          await page.screenshot({
            path: path.join(screenshotDir, `prerendered-${name}-no-js-${width}.png`),
            fullPage: true,
          })
        }
      } finally {
        await page.close()
      }
    })
  }
})

describe('hydration', () => {
  for (const width of [375, 1280]) {
    it(`keeps the server's nodes, with no error, CSP violation or layout shift, at ${width} px`, async () => {
      const { page, pageErrors, consoleErrors } = await newTab(width)
      const stylesheetRequests = watchStylesheetRequests(page)
      try {
        for (const pagePath of PRERENDERED_PATHS) {
          stylesheetRequests.length = 0
          await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
          await waitForApp(page)
          await settle(page)
          // Its stylesheets came inside the HTML: none is fetched, before or after hydration.
          expect(stylesheetRequests, pagePath).toEqual([])
          const state = (await page.evaluate(`({
            kept: ['#root header', '#root h1', '#root footer'].map(
              (s, i) => window.__serverNodes[i] !== null && document.querySelector(s) === window.__serverNodes[i],
            ),
            violations: window.__cspViolations,
            cls: window.__cls,
          })`)) as { kept: boolean[]; violations: string[]; cls: number }
          expect(state.kept, `${pagePath}: header, h1 and footer are the nodes sent`).toEqual([
            true,
            true,
            true,
          ])
          expect(state.violations, pagePath).toEqual([])
          // CLS (Core Web Vitals) counts "good" under 0.1; a prerendered page should not move.
          if (pagePath === '/') expect(state.cls, 'landing CLS').toBeLessThan(0.01)
          if (pagePath === '/' || pagePath === '/pricing') {
            const name = pagePath === '/' ? 'home' : 'pricing'
            await page.screenshot({
              path: path.join(screenshotDir, `prerendered-${name}-hydrated-${width}.png`),
              fullPage: true,
            })
          }
        }
        // React's production build reports a hydration mismatch as an uncaught error.
        expect(pageErrors).toEqual([])
        // Pricing's plans are fetched by the page; a failure would be logged: none may be.
        expect(consoleErrors).toEqual([])
      } finally {
        await page.close()
      }
    })
  }

  it('fetches on a later page only the stylesheets the first page did not carry', async () => {
    const { page, pageErrors } = await newTab(1280)
    const stylesheetRequests = watchStylesheetRequests(page)
    try {
      const res = await fetch(`${server.url}/sign-in`, { headers: { accept: 'text/html' } })
      const carried = [...(await res.text()).matchAll(/<style data-href="([^"]+)">/g)].map(
        ([, href]) => href,
      )
      expect(carried.length).toBeGreaterThan(1)
      await page.goto(`${server.url}/sign-in`, { waitUntil: 'load' })
      await waitForApp(page)
      await page.click('a[href="/sign-up"]')
      await page.waitForSelector('form input[autocomplete="name"]')
      await settle(page)
      expect(stylesheetRequests.filter((href) => carried.includes(href))).toEqual([])
      // The sign-up page is styled: its form fields are laid out as on a page loaded directly.
      const viaNavigation = await page.evaluate(
        `getComputedStyle(document.querySelector('main form')).display + ' ' + getComputedStyle(document.querySelector('main form input')).borderTopWidth`,
      )
      await page.goto(`${server.url}/sign-up`, { waitUntil: 'load' })
      await waitForApp(page)
      const direct = await page.evaluate(
        `getComputedStyle(document.querySelector('main form')).display + ' ' + getComputedStyle(document.querySelector('main form input')).borderTopWidth`,
      )
      expect(viaNavigation).toBe(direct)
      expect(pageErrors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('loads the API client (the contract’s schemas) on a form page only once the form is used', async () => {
    const { page, pageErrors } = await newTab(375)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    const apiClient = () => scripts.filter((href) => /\/api-client-[\w-]+\.js$/.test(href))
    try {
      for (const pagePath of ['/sign-in', '/sign-up', '/forgot-password', '/contact-us']) {
        scripts.length = 0
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
        await waitForApp(page)
        await settle(page)
        expect(apiClient(), `${pagePath} before the form is used`).toEqual([])
        await page.focus('main form input')
        await settle(page)
        expect(apiClient(), `${pagePath} once a field has the focus`).toHaveLength(1)
      }
      expect(pageErrors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('never paints the guest Login link for a visitor with a session, and ends with the user menu', async () => {
    const account = await createVerifiedAccount(server, 'prerender')
    const { page, pageErrors } = await newTab(1280)
    try {
      await signIn(page, server.url, account)
      for (const pagePath of ['/', '/pricing', '/faq']) {
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
        await waitForApp(page)
        await page.waitForSelector('#root header button[aria-label^="Account menu for"]', {
          visible: true,
        })
        await settle(page)
        const state = (await page.evaluate(`({
          painted: window.__guestLinkPainted,
          guestLink: document.querySelector('#root header a[href="/sign-in"]') !== null,
          violations: window.__cspViolations,
        })`)) as { painted: boolean; guestLink: boolean; violations: string[] }
        expect(state.painted, `${pagePath}: the guest Login link was painted`).toBe(false)
        expect(state.guestLink, pagePath).toBe(false)
        expect(state.violations, pagePath).toEqual([])
      }
      // A logged-in visitor who opens /sign-in goes to the dashboard without seeing its form.
      for (const pagePath of ['/', '/sign-in']) {
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
        await waitForApp(page)
        if (pagePath === '/sign-in')
          await page.waitForFunction(`location.pathname === '/dashboard'`)
        await settle(page)
        expect(await page.evaluate('window.__guestOnlyPainted'), pagePath).toBe(false)
      }
      expect(pageErrors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('shows the guest Login link to a guest, painted from the first frame', async () => {
    const { page } = await newTab(1280)
    try {
      await page.goto(`${server.url}/`, { waitUntil: 'load' })
      await waitForApp(page)
      await settle(page)
      expect(await page.evaluate('window.__guestLinkPainted')).toBe(true)
    } finally {
      await page.close()
    }
  })
})
