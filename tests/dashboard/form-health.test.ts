/**
 * The Form health page in real Chromium against a real server: fill reports posted as the
 * extension posts them, an operator (ADMIN_EMAILS) who sees the page with the renamed field in
 * red, and an agent who sees neither the page nor the numbers. Screenshots at 1280 and 375 px.
 */
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FillReportBody } from '../../api/schemas/fill-reports.ts'
import { createVerifiedAccount, newAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { apiLogin } from '../support/extension-env.ts'
import { horizontalOverflow, waitForPath, waitForText } from '../support/page.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { screenshotDir } from '../support/paths.ts'

const operator = newAccount('operator')
let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]

function report(bedroomsFound: boolean): FillReportBody {
  return {
    profile_version: 'built-in-2026-11-24',
    language: 'en',
    duration_ms: 1400,
    fields: [
      { field: 'price', outcome: 'filled', label: 'Price' },
      bedroomsFound
        ? { field: 'bedrooms', outcome: 'taught', label: 'How many bedrooms' }
        : { field: 'bedrooms', outcome: 'not_found', label: null },
    ],
  }
}

async function post(route: string, token: string, body?: unknown): Promise<number> {
  const res = await fetch(`${server.api}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return res.status
}

beforeAll(async () => {
  ;[server, chromium] = await Promise.all([
    startServer({ env: { ADMIN_EMAILS: operator.email } }),
    launchBrowser(),
  ])
  page = chromium.page
  pageErrors = collectPageErrors(page)
  await createVerifiedAccount(server, 'operator', operator)
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop()])
})

describe('Form health', () => {
  it('shows an operator the fields agents had to fill by hand, in red, with what they taught', async () => {
    const agent = await apiLogin(server, await createVerifiedAccount(server, 'agent'))
    // 10 fills: bedrooms found only when taught, 3 times of 10.
    for (let i = 0; i < 10; i++) {
      expect(await post('/marketplace/fill-reports', agent.accessToken, report(i < 3))).toBe(201)
    }
    // The numbers are the operator's only.
    expect(await post('/admin/marketplace/fill-reports?days=7', agent.accessToken)).toBe(403)

    await page.setViewport({ width: 1280, height: 900 })
    await signedOut(page, server.url)
    await signIn(page, server.url, operator)
    await page.locator('aside nav a::-p-text(Form health)').click()
    await waitForPath(page, '/dashboard/form-health')
    await waitForText(page, 'Needs attention')
    await waitForText(page, 'How many bedrooms')
    await page.screenshot({
      path: path.join(screenshotDir, 'dashboard-form-health-1280.png'),
      fullPage: true,
    })

    await page.setViewport({ width: 375, height: 800 })
    await waitForText(page, 'Needs attention')
    await page.screenshot({
      path: path.join(screenshotDir, 'dashboard-form-health-375.png'),
      fullPage: true,
    })
    expect(await horizontalOverflow(page)).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('is not in an agent’s dashboard', async () => {
    const agent = await createVerifiedAccount(server, 'agent2')
    await page.setViewport({ width: 1280, height: 900 })
    await signedOut(page, server.url)
    await signIn(page, server.url, agent)
    await page.waitForSelector('aside nav a')
    expect(await page.$('aside nav a::-p-text(Form health)')).toBeNull()
  })
})
