/**
 * Remember Me in real Chromium (docs/decisions.md "Remember Me works"): a remembered login lives
 * in localStorage and survives quitting and reopening the browser with the same profile; one that
 * is not remembered lives in sessionStorage, which Chromium ends with the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifiedAccount } from '../support/accounts.ts'
import { launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { open, pathOf, storageOf, waitForPath, waitForText } from '../support/page.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signIn } from '../support/site.ts'

let server: RunningServer
/** Browsers still open (a failed test leaves them), closed with their profiles in afterAll. */
const running = new Set<LaunchedBrowser>()

beforeAll(async () => {
  server = await startServer()
})

afterAll(async () => {
  await Promise.all(Array.from(running, (chromium) => chromium.close()))
  await server.stop()
})

async function launch(userDataDir?: string): Promise<LaunchedBrowser> {
  const chromium = await launchBrowser(userDataDir ? { userDataDir } : {})
  running.add(chromium)
  return chromium
}

/** Quits Chromium as a person would; `keepProfile` leaves the profile on disk to reopen it. */
async function quit(chromium: LaunchedBrowser, { keepProfile = false } = {}): Promise<void> {
  running.delete(chromium)
  await chromium.close({ keepProfile })
}

describe('Remember Me across a browser restart', () => {
  it('keeps a remembered login after Chromium is closed and reopened', async () => {
    const account = await createVerifiedAccount(server, 'remembered')
    const first = await launch()
    await signIn(first.page, server.url, account, { remember: true })
    const stored = await storageOf(first.page)
    expect(stored.local.rememberMe).toBe('true')
    expect(stored.local.accessToken).toBeTruthy()
    await quit(first, { keepProfile: true })

    const second = await launch(first.userDataDir)
    // Still signed in: the guest page sends the visitor on to the dashboard.
    await second.page.goto(`${server.url}/sign-in`, { waitUntil: 'load' })
    await waitForPath(second.page, '/dashboard')
    const after = await storageOf(second.page)
    expect(after.local.accessToken).toBe(stored.local.accessToken)
    expect(after.local.isLogin).toBe('true')
    await quit(second)
  })

  it('ends a login that was not remembered when Chromium is closed', async () => {
    const account = await createVerifiedAccount(server, 'forgotten')
    const first = await launch()
    await signIn(first.page, server.url, account, { remember: false })
    const stored = await storageOf(first.page)
    expect(stored.local.rememberMe).toBe('false')
    expect(stored.local.accessToken).toBeUndefined()
    expect(stored.session.accessToken).toBeTruthy()
    await quit(first, { keepProfile: true })

    const second = await launch(first.userDataDir)
    // Signed out: the sign-in form stays.
    await open(second.page, `${server.url}/sign-in`)
    await waitForText(second.page, 'Welcome back')
    expect(pathOf(second.page)).toBe('/sign-in')
    const after = await storageOf(second.page)
    expect(after.session.accessToken).toBeUndefined()
    expect(after.local.accessToken).toBeUndefined()
    expect(after.local.isLogin).toBeUndefined()
    await quit(second)
  })
})
