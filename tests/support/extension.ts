/**
 * The built Chrome extension in real Chromium (docs/architecture.md#tests): a build of its own per
 * test server (the API's URL is baked in at build time), Debian's /usr/bin/chromium with extensions
 * enabled, the fixture hosts mapped to a loopback HTTPS server, and the steps a person takes: open
 * the real popup over a tab (chrome.action.openPopup() from the worker, so the popup sees that tab
 * as the active one), log in, convert.
 *
 * Functions handed to `worker.evaluate` run in the service worker and those handed to
 * `page.evaluate` in Chromium; this project's tsconfig has neither the DOM nor the chrome types,
 * so the few globals they touch are declared here, in this module only.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { TargetType, type Page, type Target, type WebWorker } from 'puppeteer-core'
import { EXTENSION_ID } from '../../api/extension-id.ts'
import { launchBrowser, type LaunchedBrowser } from './browser.ts'
import type { FixtureWeb } from './fixture-web.ts'
import { root, screenshotDir } from './paths.ts'

interface StorageArea {
  get: (key: string | null) => Promise<Record<string, unknown>>
  set: (values: Record<string, unknown>) => Promise<void>
  remove: (keys: string | string[]) => Promise<void>
}
declare const chrome:
  | {
      storage?: { local: StorageArea; session: StorageArea }
      action: { openPopup: () => Promise<void> }
    }
  | undefined
declare const globalThis: { __lbWorkerMark?: string }

/** The extension's pages and storage keys the tests look at (src/storage.ts). */
export const POPUP_PATH = '/src/popup/index.html'
export const STORAGE = {
  accessToken: 'auth.accessToken',
  refreshToken: 'auth.refreshToken',
  userId: 'auth.userId',
  conversion: 'conversion',
  scan: 'fsboScan',
  draft: (tabId: number) => `draft.${tabId}`,
  taughtLabels: 'marketplace.taughtLabels',
} as const

export interface ExtensionBuild {
  /** The unpacked extension (its manifest.json is here). */
  dir: string
  remove: () => void
}

export interface ExtensionBuildEnv {
  /** The test server's origin: the API and, by default, the site. */
  apiUrl: string
  siteUrl?: string
  siteOrigins?: string[]
}

/**
 * `npm run build:extension` into a temporary EXTENSION_OUT_DIR for this API (about 2 s): the
 * manifest's host permission and externally_connectable, and the code's API URL, are this
 * server's. dist/ (the global setup's default build) is not touched.
 */
export function buildExtension(env: ExtensionBuildEnv): ExtensionBuild {
  const parent = mkdtempSync(path.join(tmpdir(), 'lb-extension-'))
  const dir = path.join(parent, 'extension')
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    API_URL: env.apiUrl,
    SITE_URL: env.siteUrl ?? env.apiUrl,
    SITE_ORIGINS: (env.siteOrigins ?? []).join(','),
    EXTENSION_OUT_DIR: dir,
  }
  // vitest sets NODE_ENV=test; the extension is built as `npm run build` builds it.
  delete childEnv.NODE_ENV
  delete childEnv.EXTENSION_KEY
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['run', 'build:extension'], {
    cwd: root,
    env: childEnv,
    encoding: 'utf8',
  })
  if (result.error) throw result.error
  if (result.status !== 0) {
    rmSync(parent, { recursive: true, force: true })
    throw new Error(
      `npm run build:extension failed (exit ${String(result.status ?? result.signal)}):\n` +
        `${result.stdout}\n${result.stderr}`,
    )
  }
  return {
    dir,
    remove() {
      rmSync(parent, { recursive: true, force: true })
    },
  }
}

export interface ExtensionBrowser extends LaunchedBrowser {
  extensionId: string
  /** The running service worker, once `chrome.storage` exists in it (waits for a start). */
  worker: () => Promise<WebWorker>
  /** Opens the real popup over `tab` and answers its page. */
  openPopup: (tab: Page) => Promise<Page>
  /** Stops the service worker the way Chrome does when it is idle; the next event restarts it. */
  stopWorker: () => Promise<void>
  /** The first page (a tab) whose URL starts with `prefix`, waiting for it to open. */
  tabAt: (prefix: string) => Promise<Page>
}

const WORKER_READY_MS = 10_000

function isOurWorker(target: Target, extensionId: string): boolean {
  return (
    target.type() === TargetType.SERVICE_WORKER &&
    target.url().startsWith(`chrome-extension://${extensionId}/`)
  )
}

/** Polls (a condition, not a fixed wait) until `ready()` answers true. */
export async function until(
  what: string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = WORKER_READY_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await Promise.resolve()
      .then(ready)
      .catch(() => false)
    if (ok) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The answer of a worker's evaluate, or false when it fails or a stopping worker never answers. */
async function answerWithin(answer: Promise<boolean>, ms = 1_000): Promise<boolean> {
  const silence = new Promise<boolean>((resolve) => {
    setTimeout(() => {
      resolve(false)
    }, ms)
  })
  return Promise.race([answer, silence]).catch(() => false)
}

/**
 * Chromium with the extension in `extensionDir` installed, every fixture host of `web` mapped to
 * loopback. The extension's id is the one its manifest key fixes (the site messages that id).
 */
export async function launchWithExtension(
  extensionDir: string,
  web: FixtureWeb,
): Promise<ExtensionBrowser> {
  const launched = await launchBrowser({
    args: [
      web.resolverArg,
      '--ignore-certificate-errors',
      // Headless Chromium's screen is 800 × 600 unless told otherwise, and a popup may not reach
      // below it: a desktop-sized screen lets the popup take its real size (up to 600 px tall).
      '--screen-info={1600x1200}',
    ],
    launch: { enableExtensions: true },
  })
  const { browser } = launched
  let extensionId: string
  try {
    extensionId = await browser.installExtension(extensionDir)
    if (extensionId !== EXTENSION_ID) {
      throw new Error(`the extension got id ${extensionId}, not ${EXTENSION_ID} (manifest key)`)
    }
  } catch (error) {
    await launched.close()
    throw error
  }

  /** Our service worker targets' workers; a stopped one can linger in the list for a while. */
  async function ourWorkers(): Promise<WebWorker[]> {
    const workers: WebWorker[] = []
    for (const target of browser.targets().filter((t) => isOurWorker(t, extensionId))) {
      const found = await target.worker().catch(() => null)
      if (found) workers.push(found)
    }
    return workers
  }

  async function worker(): Promise<WebWorker> {
    await browser.waitForTarget((t) => isOurWorker(t, extensionId), { timeout: WORKER_READY_MS })
    // The target appears before the extension APIs exist in it; and of two targets
    // (one stopping, one started), only the live one ever answers.
    let live: WebWorker | undefined
    await until('chrome.storage in the service worker', async () => {
      for (const candidate of await ourWorkers()) {
        const ready = await answerWithin(
          candidate.evaluate(() => typeof chrome !== 'undefined' && chrome.storage !== undefined),
        )
        if (ready) {
          live = candidate
          return true
        }
      }
      return false
    })
    if (!live) throw new Error('no service worker answered')
    return live
  }

  function popupTargets(): Target[] {
    return browser
      .targets()
      .filter((t) => t.url().startsWith(`chrome-extension://${extensionId}${POPUP_PATH}`))
  }

  async function openPopup(tab: Page): Promise<Page> {
    // One popup at a time, like the toolbar: close one left open.
    for (const target of popupTargets()) {
      const page = await target.asPage()
      await page.close()
    }
    await tab.bringToFront()
    const running = await worker()
    await running.evaluate(async () => {
      await chrome?.action.openPopup()
    })
    const target = await browser.waitForTarget((t) =>
      t.url().startsWith(`chrome-extension://${extensionId}${POPUP_PATH}`),
    )
    return target.asPage()
  }

  async function stopWorker(): Promise<void> {
    const running = await worker()
    // Marks this instance: a restarted worker is a new global scope without the mark.
    await running.evaluate(() => {
      globalThis.__lbWorkerMark = 'before-stop'
    })
    const origin = `chrome-extension://${extensionId}/`
    const browserSession = await browser.target().createCDPSession()
    const workerTargets = async () =>
      (await browserSession.send('Target.getTargets')).targetInfos
        .filter((info) => info.type === 'service_worker' && info.url.startsWith(origin))
        .map((info) => info.targetId)
    try {
      const stopping = await workerTargets()
      // Detached first: a DevTools session keeps a stopped worker's target alive, and the tab's
      // content script restarts the worker at once (its open requests fail and it asks again),
      // which would then reuse that target behind puppeteer's back, stale handle and all.
      await running.client.detach().catch(() => undefined)
      const stopped = async () => !(await workerTargets()).some((id) => stopping.includes(id))
      // A busy worker (an open message channel, downloads in flight) can outlive the first close
      // on a loaded machine: close again rather than fail.
      for (let attempt = 1; ; attempt++) {
        for (const targetId of await workerTargets()) {
          if (!stopping.includes(targetId)) continue
          await browserSession.send('Target.closeTarget', { targetId }).catch(() => undefined)
        }
        try {
          await until('the service worker to stop', stopped, 8_000)
          return
        } catch (error) {
          if (attempt === 3) throw error
        }
      }
    } finally {
      await browserSession.detach().catch(() => undefined)
    }
  }

  async function tabAt(prefix: string): Promise<Page> {
    const target = await browser.waitForTarget(
      (t) => t.type() === TargetType.PAGE && t.url().startsWith(prefix),
    )
    const page = await target.page()
    if (!page) throw new Error(`no page for ${target.url()}`)
    return page
  }

  return { ...launched, extensionId, worker, openPopup, stopWorker, tabAt }
}

/** Whether the running worker is the one `stopWorker` marked (false once Chrome restarted it). */
export async function isMarkedWorker(worker: WebWorker): Promise<boolean> {
  return worker.evaluate(() => globalThis.__lbWorkerMark === 'before-stop')
}

/** A value the worker keeps in chrome.storage (`area` local or session). */
export async function storedValue<T>(
  worker: WebWorker,
  area: 'local' | 'session',
  key: string,
): Promise<T | undefined> {
  const value = await worker.evaluate(
    async (a, k) => {
      const values = await chrome?.storage?.[a].get(k)
      return JSON.stringify(values?.[k] ?? null)
    },
    area,
    key,
  )
  const parsed = JSON.parse(value) as T | null
  return parsed ?? undefined
}

export async function removeStored(
  worker: WebWorker,
  area: 'local' | 'session',
  keys: string[],
): Promise<void> {
  await worker.evaluate(
    async (a, k) => {
      await chrome?.storage?.[a].remove(k)
    },
    area,
    keys,
  )
}

// ---- the popup -----------------------------------------------------------------------------

interface PageElement {
  textContent: string | null
  getAttribute: (name: string) => string | null
  shadowRoot?: { querySelector: (selector: string) => PageElement | null } | null
}
declare const document: {
  body: PageElement
  images: ArrayLike<{ complete: boolean }>
  querySelector: (selector: string) => PageElement | null
  querySelectorAll: (selector: string) => ArrayLike<PageElement>
}

/** Waits until the popup shows `text` in an element matching `selector`; answers its text. */
export async function popupText(
  popup: Page,
  text: string,
  selector = 'body',
  timeout = 10_000,
): Promise<string> {
  try {
    const handle = await popup.waitForFunction(
      (sel, wanted) =>
        Array.from(document.querySelectorAll(sel))
          .map((el) => el.textContent ?? '')
          .find((t) => t.includes(wanted)) ?? false,
      { timeout },
      selector,
      text,
    )
    return String(await handle.jsonValue())
  } catch (error) {
    // Say what the page showed instead: the one thing worth knowing when this fails.
    const shown = await popup
      .evaluate(() => document.body.textContent ?? '')
      .catch(() => '(the page is gone)')
    throw new Error(`"${text}" never showed; the page shows: ${shown.trim()}`, { cause: error })
  }
}

/** The first link matching `selector`: its text, address and target; null when there is none. */
export async function linkOf(
  page: Page,
  selector: string,
): Promise<{ text: string; href: string | null; target: string | null } | null> {
  return page.evaluate((sel) => {
    const link = document.querySelector(sel)
    if (!link) return null
    return {
      text: (link.textContent ?? '').trim(),
      href: link.getAttribute('href'),
      target: link.getAttribute('target'),
    }
  }, selector)
}

/** The popup's login form, filled and sent as a person would. */
export async function popupLogin(
  popup: Page,
  credentials: { email: string; password: string },
): Promise<void> {
  await popup.locator('input[type="email"]').fill(credentials.email)
  await popup.locator('input[type="password"]').fill(credentials.password)
  await popup.locator('button[type="submit"]').click()
}

/** The preview's texts, once the popup shows one. */
export async function popupPreview(popup: Page): Promise<{
  price: string
  address: string
  facts: string
  photos: string
  source: string
}> {
  await popup.waitForSelector('article.preview')
  // No named functions inside: tsx (the bench) would wrap them in a helper the page lacks.
  const [price, address, facts, photos, source] = await popup.evaluate(() =>
    [
      '.preview-price',
      '.preview-address',
      '.preview-facts',
      '.preview-body > .muted.small',
      '.preview-source',
    ].map((selector) =>
      (document.querySelector(`article.preview ${selector}`)?.textContent ?? '').trim(),
    ),
  )
  return {
    price: price ?? '',
    address: address ?? '',
    facts: facts ?? '',
    photos: photos ?? '',
    source: source ?? '',
  }
}

/**
 * Convert from the popup, answering "whose listing is it?" as the agent would: once the agent
 * profile has come, another agent's listing needs its box ticked (asked every time); the agent's
 * own converts at once. An account without a profile gets no Convert at all.
 */
export async function clickConvert(popup: Page): Promise<void> {
  await popup.waitForSelector('[data-permission]')
  const kind = await popup.evaluate(() =>
    document.querySelector('[data-permission]')?.getAttribute('data-permission'),
  )
  if (kind === 'no-profile') {
    throw new Error('The account has no agent profile: the popup offers no Convert')
  }
  if (kind === 'broker') {
    await popup.locator('[data-permission="broker"] input[type="checkbox"]').click()
  }
  await popup.locator('::-p-text(Convert to Marketplace listing)').click()
}

/** Waits until every image of the page has loaded (or failed): a screenshot shows them. */
export async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete))
}

/**
 * The popup window as the user sees it, saved as test-results/screenshots/extension-`name`.png.
 * Chrome sizes a popup to its content, up to 800 × 600; beyond that it scrolls.
 */
export async function screenshotPopup(popup: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await popup.screenshot({ path: path.join(screenshotDir, `extension-${name}.png`) })
}

export async function screenshotPage(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.screenshot({ path: path.join(screenshotDir, `extension-${name}.png`), fullPage: true })
}

// ---- the Marketplace fixture ------------------------------------------------------------------

/** What the Marketplace fixture's "React" holds (tests/fixtures/marketplace/create-rental.html). */
export interface MarketplaceState {
  listing_type: string | null
  property_type: string | null
  bedrooms: string
  bathrooms: string
  price: string
  address: string | null
  address_typed: string
  description: string
  square_feet: string
  date_available: string
  laundry: string | null
  parking: string | null
  air_conditioning: string | null
  heating: string | null
  photos: { name: string; type: string; size: number; isFile: boolean }[]
}

export interface MarketplaceRecord {
  state: MarketplaceState
  /** Every press of Next/Publish (and pointer/mouse downs on them). */
  clicks: string[]
}

declare const window: { __fixture?: MarketplaceRecord }

/** The fixture's state and recorded presses, read in the page (the main world). */
export async function marketplaceRecord(page: Page): Promise<MarketplaceRecord> {
  return page.evaluate(() => {
    const fixture = window.__fixture
    if (!fixture) throw new Error('the Marketplace fixture has not run')
    return JSON.parse(JSON.stringify({ state: fixture.state, clicks: fixture.clicks })) as {
      state: MarketplaceState
      clicks: string[]
    }
  })
}

/** Waits until the fixture's state holds a value for `field` (the filler got that far). */
export async function waitForMarketplaceField(
  page: Page,
  field: Exclude<keyof MarketplaceState, 'photos'>,
  timeout = 15_000,
): Promise<void> {
  await page.waitForFunction(
    (key) => {
      const value = window.__fixture?.state[key]
      return value !== undefined && value !== null && value !== ''
    },
    { timeout },
    field,
  )
}

/** What the filler's progress panel says about the photos now; null when it shows none. */
export async function fillProgress(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const host = document.querySelector('[data-listingbridge="progress"]')
    return host?.shadowRoot?.querySelector('[role="status"]')?.textContent ?? null
  })
}

/**
 * Waits until the filler has finished (its report panel is on the page: it shows it after the
 * last field) and answers the page's clock at that moment (ms since the epoch).
 */
export async function waitForFillReport(page: Page, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => document.querySelector('[data-listingbridge="report"]') !== null && Date.now(),
    { polling: 'mutation', timeout },
  )
  return Number(await handle.jsonValue())
}

/** The draft the worker keeps for a Marketplace tab (src/background/drafts.ts). */
export interface StoredDraft {
  /** The server's id of the converted listing. */
  listingId: string
  draft: {
    listing_type: 'sale' | 'rent'
    property_type: string | null
    bedrooms: number | null
    bathrooms: number | null
    price: number | null
    square_feet: number | null
    description: string
    address: { street: string; city: string; state: string; zip: string | null }
    photos: string[]
    laundry: string | null
    parking: string | null
    air_conditioning: string | null
    heating: string | null
    date_available: string | null
  }
  /** Where each photo's download stands, in the draft's order. */
  photos: { index: number; url: string; state: 'downloading' | 'stored' | 'failed' }[]
  filledAt: string | null
  fillSummary: { filled: string[]; needsUser: string[] } | null
}

export interface StoredConversion {
  phase: string
  marketplaceTabId: number | null
  error: { kind: string; message: string } | null
}

/**
 * The draft the worker stored for the conversion that just finished, once the filler has
 * reported back (`draft:filled`, sent right after the report panel shows).
 */
export async function filledDraftOf(ext: ExtensionBrowser): Promise<StoredDraft> {
  const worker = await ext.worker()
  const conversion = await storedValue<StoredConversion>(worker, 'session', STORAGE.conversion)
  if (conversion?.phase !== 'done') throw new Error(`conversion is ${String(conversion?.phase)}`)
  const key = STORAGE.draft(conversion.marketplaceTabId ?? -1)
  let stored: StoredDraft | undefined
  await until('the filler to report to the worker', async () => {
    stored = await storedValue<StoredDraft>(worker, 'session', key)
    return stored?.filledAt != null
  })
  if (!stored) throw new Error(`no draft stored under ${key}`)
  return stored
}
