/** Steps on the ListingBridge site that several browser tests take. */
import type { Page } from 'puppeteer-core'
import { clearStorage, fill, open, waitForPath } from './page.ts'

export interface Credentials {
  email: string
  password: string
}

/** A signed-out visitor: opens the home page and empties the site's storage. */
export async function signedOut(page: Page, url: string): Promise<void> {
  await open(page, `${url}/`)
  await clearStorage(page)
}

/** Signs in through the /sign-in form, as a person would, and waits for /dashboard. */
export async function signIn(
  page: Page,
  url: string,
  { email, password }: Credentials,
  { remember = false } = {},
): Promise<void> {
  await open(page, `${url}/sign-in`)
  await fill(page, 'input[name="email"]', email)
  await fill(page, 'input[name="password"]', password)
  if (remember) await page.locator('input[name="remember"]').click()
  await page.locator('button[type="submit"]').click()
  await waitForPath(page, '/dashboard')
}
