/**
 * The setup most site browser tests start with: a real server and real Chromium side by side,
 * the page's uncaught errors collected, and test-results/screenshots/ ready to write to.
 */
import { mkdirSync } from 'node:fs'
import type { Page } from 'puppeteer-core'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from './browser.ts'
import { screenshotDir } from './paths.ts'
import { startServer, type RunningServer, type StartServerOptions } from './server.ts'

export interface BrowserAndServer {
  server: RunningServer
  chromium: LaunchedBrowser
  /** The tab Chromium opened with. */
  page: Page
  /** Uncaught errors thrown in the page (see collectPageErrors); a test expects none. */
  pageErrors: string[]
  /** Closes Chromium and stops the server. */
  close: () => Promise<void>
}

/** Starts the server (with `options`) and Chromium at once; call `close()` in afterAll. */
export async function startBrowserAndServer(
  options: StartServerOptions = {},
): Promise<BrowserAndServer> {
  mkdirSync(screenshotDir, { recursive: true })
  const [server, chromium] = await Promise.all([startServer(options), launchBrowser()])
  const page = chromium.page
  return {
    server,
    chromium,
    page,
    pageErrors: collectPageErrors(page),
    close: async () => {
      await Promise.all([chromium.close(), server.stop()])
    },
  }
}
