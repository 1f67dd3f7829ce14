/**
 * Small steps a person takes on a page (open, type, click, read), each waiting for what it needs
 * (a selector, a path, a text) instead of sleeping.
 *
 * Functions handed to `page.evaluate` run in Chromium; this project's tsconfig has no DOM library,
 * so the few page globals they touch are declared here, in this module only.
 */
import type { Page } from 'puppeteer-core'

interface PageElement {
  textContent: string | null
  value?: string
  disabled?: boolean
  getAttribute: (name: string) => string | null
  classList: { contains: (name: string) => boolean }
}
interface PageStorage {
  readonly length: number
  clear: () => void
  key: (index: number) => string | null
  getItem: (key: string) => string | null
}
declare const document: {
  body: PageElement
  activeElement: PageElement | null
  title: string
  documentElement: {
    scrollHeight: number
    clientHeight: number
    scrollWidth: number
    clientWidth: number
  }
  fonts: { ready: Promise<unknown> }
  querySelector: (selector: string) => PageElement | null
  querySelectorAll: (selector: string) => ArrayLike<PageElement>
}
declare const location: { pathname: string; search: string }
declare const localStorage: PageStorage
declare const sessionStorage: PageStorage
declare const window: { scrollY: number; innerHeight: number }
declare function getComputedStyle(element: PageElement): { overflow: string; overflowY: string }
declare function requestAnimationFrame(callback: () => void): number

/**
 * The app has rendered a route: #root has content, no lazy part still shows "loading", and the
 * page answers clicks (a prerendered page shows its content before it has hydrated: the app marks
 * <html> with data-app-ready once it has, site/app/app-ready-mark.tsx).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('html[data-app-ready] #root main') !== null &&
      document.querySelector('.page-loading') === null,
  )
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** Opens `url` in the tab and waits until the app has rendered it. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' })
  await waitForApp(page)
}

/**
 * Waits until the address bar shows `pathname` (client-side navigations included) and the page
 * for it has rendered: while a lazy page loads, React keeps the previous page in the DOM, hidden.
 */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForFunction((p) => location.pathname === p, {}, pathname)
  await waitForApp(page)
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname
}

/** Waits until some element matching `selector` contains `text`, and returns that text. */
export async function waitForText(page: Page, text: string, selector = 'body'): Promise<string> {
  const handle = await page.waitForFunction(
    (sel, wanted) =>
      Array.from(document.querySelectorAll(sel))
        .map((el) => el.textContent ?? '')
        .find((t) => t.includes(wanted)) ?? false,
    {},
    selector,
    text,
  )
  return String(await handle.jsonValue())
}

/** The text of the first element matching `selector`, or null when there is none. */
export async function textOf(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => document.querySelector(sel)?.textContent ?? null, selector)
}

/** The current value of the input, select or textarea matching `selector`. */
export async function valueOf(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => document.querySelector(sel)?.value ?? null, selector)
}

export async function attributeOf(
  page: Page,
  selector: string,
  name: string,
): Promise<string | null> {
  return page.evaluate(
    (sel, attr) => document.querySelector(sel)?.getAttribute(attr) ?? null,
    selector,
    name,
  )
}

export async function isDisabled(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => document.querySelector(sel)?.disabled === true, selector)
}

/** Clears the field and types `value` into it, as a person would. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(selector).fill(value)
}

/** Empties localStorage and sessionStorage of the page's current origin (a signed-out visitor). */
export async function clearStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear()
    sessionStorage.clear()
  })
}

/** Everything in localStorage and sessionStorage of the page's origin. */
export async function storageOf(
  page: Page,
): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const dump = (store: PageStorage) => {
      const entries: Record<string, string> = {}
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)
        if (key !== null) entries[key] = store.getItem(key) ?? ''
      }
      return entries
    }
    return { local: dump(localStorage), session: dump(sessionStorage) }
  })
}

/** Whether the page behind an overlay is locked: the body's overflow is hidden. */
export async function bodyOverflow(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).overflowY)
}

export async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY)
}

/** How far the document can scroll at all (0 when it fits the viewport). */
export async function scrollRange(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
  )
}

/** How many pixels the page is wider than the viewport (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
}

/** The texts of every element matching `selector`. */
export async function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (sel) => Array.from(document.querySelectorAll(sel), (el) => el.textContent?.trim() ?? ''),
    selector,
  )
}

/** Resolves after the page has painted two more frames (anything already started has run). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve()
          })
        })
      }),
  )
}

/** The aria-label of the focused element, or its text. */
export async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.textContent ??
      null,
  )
}

/** Waits for a toast with `text` (toasts sit bottom-center for 3 s). */
export async function waitForToast(page: Page, text: string): Promise<string> {
  return waitForText(page, text, '.toast')
}
