/**
 * Real Chromium for end-to-end tests: Debian's /usr/bin/chromium driven by puppeteer-core with the
 * launch flags below and a profile (userDataDir) of its own, so tests never share cookies
 * or storage unless they ask to (Remember Me reopens the same profile).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import puppeteer, { type Browser, type LaunchOptions, type Page } from 'puppeteer-core'
import { CHROMIUM_PATH } from './paths.ts'

/** The launch that works here (headless, no sandbox as root, nothing phoning home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export interface LaunchBrowserOptions {
  /** Reopen this profile instead of a fresh one (e.g. to see what survives a restart). */
  userDataDir?: string
  /** Flags added to CHROMIUM_ARGS (e.g. `--host-resolver-rules=…`). */
  args?: string[]
  /** Anything else puppeteer's launch takes (e.g. `enableExtensions`), merged last. */
  launch?: LaunchOptions
}

export interface LaunchedBrowser {
  browser: Browser
  userDataDir: string
  /** The tab Chromium opened with; reuse it rather than opening more. */
  page: Page
  /**
   * Closes Chromium the way a person quits it (storage is flushed to the profile), then removes
   * the profile unless `keepProfile` (to launch it again).
   */
  close: (options?: { keepProfile?: boolean }) => Promise<void>
}

export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(tmpdir(), 'lb-chromium-'))
  let browser: Browser
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      userDataDir,
      defaultViewport: { width: 1280, height: 800 },
      ...options.launch,
      args: [...CHROMIUM_ARGS, ...(options.args ?? []), ...(options.launch?.args ?? [])],
    })
  } catch (error) {
    if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true })
    throw error
  }
  const page = (await browser.pages())[0] ?? (await browser.newPage())
  let closed = false
  return {
    browser,
    userDataDir,
    page,
    async close({ keepProfile = false } = {}) {
      if (!closed) {
        closed = true
        await browser.close()
      }
      if (!keepProfile) rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Uncaught errors thrown in the page, collected from now on; a test expects none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => {
    errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error))
  })
  return errors
}
