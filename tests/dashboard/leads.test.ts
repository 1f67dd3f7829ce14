/**
 * The dashboard's Leads page (issue 7) in real Chromium against a real server: leads saved through
 * the API as the extension saves them, listed, filtered and searched by the server, exported as a
 * CSV that Chromium really downloads (parsed here), marked do-not-call, noted, and sent to a CRM
 * webhook on loopback whose signature is checked. Screenshots at 1280 and 375 px go to
 * test-results/screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifiedAccount, type TestAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import {
  attributeOf,
  fill,
  focusedLabel,
  horizontalOverflow,
  nextFrames,
  textsOf,
  valueOf,
  waitForPath,
  waitForText,
  waitForToast,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { usDate } from './data.ts'
import {
  accessToken,
  csvRecords,
  downloadsInto,
  expectedSignature,
  listLeads,
  saveLead,
  setLeadStatus,
  startWebhookReceiver,
  type SeedLead,
  type StoredLead,
} from './leads-data.ts'

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]
let account: TestAccount
let token: string
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>

/** A lead as the extension would save it from a listing page. */
function seed(overrides: Partial<SeedLead> & Pick<SeedLead, 'source' | 'source_id'>): SeedLead {
  return {
    listing_url: `https://www.example.com/listing/${overrides.source_id}`,
    owner_name: null,
    phone: null,
    email: null,
    address: { street: null, city: null, state: null, zip: null },
    price: null,
    beds: null,
    baths: null,
    living_area_sqft: null,
    days_on_market: null,
    photo_url: null,
    ...overrides,
  }
}

// A name a spreadsheet must not split: non-ASCII letters, a comma and quotes.
const ZOE = 'Zoë Ångström, "The Owner"'
const leads: Record<'zoe' | 'marcus' | 'priya' | 'dana', SeedLead> = {
  zoe: seed({
    source: 'zillow_fsbo',
    source_id: '2077123456',
    listing_url: 'https://www.zillow.com/homedetails/2077123456_zpid/',
    owner_name: ZOE,
    phone: '(512) 555-0142',
    email: 'zoe.owner@example.com',
    address: { street: '1208 Barton Hills Dr', city: 'Austin', state: 'TX', zip: '78704' },
    price: 685000,
    beds: 3,
    baths: 2.5,
  }),
  marcus: seed({
    source: 'fsbo_com',
    source_id: 'fsbo-88231',
    listing_url: 'https://fsbo.com/listings/88231',
    owner_name: 'Marcus Lee',
    phone: '305-555-0199',
    email: 'marcus.lee@example.com',
    address: { street: '44 Coral Way', city: 'Miami', state: 'FL', zip: '33145' },
    price: 489000,
    beds: 2,
    baths: 2,
  }),
  priya: seed({
    source: 'forsalebyowner_com',
    source_id: 'fsbo-owner-5521',
    listing_url: 'https://www.forsalebyowner.com/listing/5521',
    owner_name: 'Priya Natarajan',
    phone: '+1 512 555 0177',
    address: { street: '9 Rainey St', city: 'Austin', state: 'TX', zip: '78701' },
    price: 1250000,
    beds: 4,
    baths: 3,
  }),
  dana: seed({
    source: 'zillow_fsbo',
    source_id: '2099887766',
    listing_url: 'https://www.zillow.com/homedetails/2099887766_zpid/',
    owner_name: 'Dana Whitfield',
    phone: '206-555-0110',
    address: { street: '310 Pike St', city: 'Seattle', state: 'WA', zip: '98101' },
    price: 720000,
    beds: 2,
    baths: 1,
  }),
}
const saved: Partial<Record<keyof typeof leads, StoredLead>> = {}

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, chromium, receiver] = await Promise.all([
    // The CRM receiver is on loopback, which the server refuses unless it is listed.
    startServer({ env: { CRM_PRIVATE_TARGETS: '127.0.0.0/8,::1/128' } }),
    launchBrowser(),
    startWebhookReceiver(),
  ])
  page = chromium.page
  pageErrors = collectPageErrors(page)
  account = await createVerifiedAccount(server, 'leads')
  token = await accessToken(server, account)
  // Oldest first: the page lists the newest first.
  for (const key of ['priya', 'dana', 'marcus', 'zoe'] as const) {
    saved[key] = await saveLead(server, token, leads[key])
  }
  await setLeadStatus(server, token, saved.priya?._id ?? '', 'do_not_call')
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop(), receiver.close()])
})

async function shot(name: string, width: 375 | 1280): Promise<void> {
  await page.setViewport({ width, height: 900 })
  await nextFrames(page)
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true })
  expect(await horizontalOverflow(page), `${name} at ${width} px is wider than the screen`).toBe(0)
}

async function waitForOwners(expected: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted: string) =>
      JSON.stringify(
        Array.from(
          document.querySelectorAll('tbody tr td[data-label="Owner"] > span:first-child'),
          (el) => el.textContent,
        ),
      ) === wanted,
    {},
    JSON.stringify(expected),
  )
}

/** Toasts live 3 s; a screenshot of a dialog waits until they are gone, to be readable. */
async function noToasts(): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.toast').length === 0, {
    timeout: 10_000,
  })
}

/** Empties the search box with the keyboard (setting the value directly would not reach React). */
async function clearSearch(): Promise<void> {
  await page.click('input[type="search"]', { count: 3 })
  await page.keyboard.press('Backspace')
}

function rowOf(owner: string): string {
  const lead = Object.values(saved).find((l) => l.owner_name === owner)
  if (!lead) throw new Error(`no lead ${owner}`)
  return `tbody tr[data-lead="${lead._id}"]`
}

/** The focused element's tag and the lead of the row it is in: where keyboard focus is. */
async function focusedInRow(): Promise<{ tag: string; lead: string | null }> {
  return page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? '',
    lead: document.activeElement?.closest('tr')?.getAttribute('data-lead') ?? null,
  }))
}

const ALL = [ZOE, 'Marcus Lee', 'Dana Whitfield', 'Priya Natarajan']
// Page globals for the evaluate callbacks above (this project has no DOM library).
declare const document: {
  querySelectorAll: (s: string) => ArrayLike<{ textContent: string | null }>
  activeElement: {
    tagName: string
    closest: (s: string) => { getAttribute: (name: string) => string | null } | null
  } | null
}

describe('leads page', () => {
  it('explains how leads arrive when there are none yet', async () => {
    const newcomer = await createVerifiedAccount(server, 'no-leads')
    await page.setViewport({ width: 1280, height: 900 })
    await signIn(page, server.url, newcomer)
    await page.locator('aside nav a::-p-text(Leads)').click()
    await waitForPath(page, '/dashboard/leads')
    const text = await waitForText(page, 'No leads yet', 'main [role="status"]')
    expect(text).toContain('Save lead')
    expect(text).toContain('Scan this page')
    expect(await page.$('main input[type="search"]')).toBeNull()
    await shot('dashboard-leads-empty', 1280)
    await shot('dashboard-leads-empty', 375)
    await signedOut(page, server.url)
    expect(pageErrors).toEqual([])
  })

  it('lists the saved leads, newest first, with do-not-call marked', async () => {
    await page.setViewport({ width: 1280, height: 900 })
    await signIn(page, server.url, account)
    await page.locator('aside nav a::-p-text(Leads)').click()
    await waitForPath(page, '/dashboard/leads')
    await waitForOwners(ALL)
    await waitForText(page, 'Showing 1–4 of 4', 'main')
    await waitForText(page, 'Check the Do Not Call Registry before you call', 'main')

    const zoe = rowOf(ZOE)
    expect(await attributeOf(page, `${zoe} a[href^="tel:"]`, 'href')).toBe('tel:+15125550142')
    expect(await textsOf(page, `${zoe} a[href^="tel:"]`)).toEqual(['(512) 555-0142'])
    const property = await textsOf(page, `${zoe} td[data-label="Property"] > span`)
    expect(property.slice(0, 2)).toEqual([
      '1208 Barton Hills Dr, Austin, TX 78704',
      '$685,000 · 3 bd · 2.5 ba',
    ])
    expect(property[2]).toMatch(/^View listing/)
    expect(await textsOf(page, `${zoe} td[data-label="Owner"] > span`)).toContain(
      `Saved ${usDate(saved.zoe?.created_at ?? '')} from Zillow (FSBO)`,
    )
    expect(await attributeOf(page, `${zoe} a[target="_blank"]`, 'href')).toBe(leads.zoe.listing_url)
    const priya = rowOf('Priya Natarajan')
    expect(await attributeOf(page, priya, 'data-status')).toBe('do_not_call')
    expect(await textsOf(page, `${priya} td[data-label="Owner"] > span`)).toContain('Do not call')
    // A do-not-call number is shown, but not offered as a call.
    expect(await page.$(`${priya} a[href^="tel:"]`)).toBeNull()

    await shot('dashboard-leads', 1280)
    await shot('dashboard-leads', 375)
    await page.setViewport({ width: 1280, height: 900 })
    expect(pageErrors).toEqual([])
  })

  it('filters by status and source and searches on the server', async () => {
    const status = '::-p-aria([name="Status"][role="combobox"])'
    const source = '::-p-aria([name="Source"][role="combobox"])'
    await page.locator(status).fill('do_not_call')
    await waitForOwners(['Priya Natarajan'])
    await page.locator(status).fill('')
    await page.locator(source).fill('fsbo_com')
    await waitForOwners(['Marcus Lee'])
    await page.locator(source).fill('')
    await waitForOwners(ALL)

    await fill(page, 'input[type="search"]', 'austin')
    await waitForOwners([ZOE, 'Priya Natarajan'])
    await fill(page, 'input[type="search"]', 'ångström')
    await waitForOwners([ZOE])
    // By the digits of a phone number, typed as a person would.
    await fill(page, 'input[type="search"]', '(206) 555')
    await waitForOwners(['Dana Whitfield'])
    await fill(page, 'input[type="search"]', 'nobody by this name')
    await waitForText(page, 'No leads match', 'main')
    await page.locator('main button::-p-text(Clear search and filters)').click()
    await waitForOwners(ALL)
    expect(pageErrors).toEqual([])
  })

  it('exports the two selected leads as a CSV file that parses back to them', async () => {
    await page.locator(`${rowOf(ZOE)} input[type="checkbox"]`).click()
    await page.locator(`${rowOf('Priya Natarajan')} input[type="checkbox"]`).click()
    await waitForText(page, '2 selected', 'main')

    const downloads = await downloadsInto(chromium.browser)
    await page.locator('main button::-p-text(Export selected (2))').click()
    const file = await downloads.file()
    await downloads.detach()
    await waitForToast(page, '2 leads exported')

    const today = new Date()
    const day = [
      today.getFullYear(),
      String(today.getMonth() + 1).padStart(2, '0'),
      String(today.getDate()).padStart(2, '0'),
    ].join('-')
    expect(file.name).toBe(`listingbridge-leads-${day}.csv`)
    // UTF-8 with one byte order mark, for spreadsheets.
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(file.bytes.subarray(3, 6).toString('utf8')).not.toBe('\uFEFF')
    const records = csvRecords(file.bytes.toString('utf8'))
    expect(records.map((r) => r['Owner Name'])).toEqual([ZOE, 'Priya Natarajan'])
    expect(records[0]).toMatchObject({
      Phone: '+15125550142',
      Email: 'zoe.owner@example.com',
      Street: '1208 Barton Hills Dr',
      City: 'Austin',
      Price: '685000',
      Source: 'Zillow (FSBO)',
      Status: 'New',
      'Do Not Call': 'No',
      'Listing URL': leads.zoe.listing_url,
    })
    expect(records[1]).toMatchObject({ Status: 'Do not call', 'Do Not Call': 'Yes' })
    expect(pageErrors).toEqual([])
  })

  it('exports all leads matching the filters', async () => {
    await page.locator('main button::-p-text(Clear selection)').click()
    await fill(page, 'input[type="search"]', 'austin')
    await waitForOwners([ZOE, 'Priya Natarajan'])
    const downloads = await downloadsInto(chromium.browser)
    await page.locator('main button::-p-text(Export all (2))').click()
    const file = await downloads.file()
    await downloads.detach()
    const records = csvRecords(file.bytes.toString('utf8'))
    expect(records.map((r) => r['Owner Name'])).toEqual([ZOE, 'Priya Natarajan'])
    await clearSearch()
    await waitForOwners(ALL)
  })

  it('marks a lead do-not-call in one click and saves notes', async () => {
    await page.locator(`${rowOf('Marcus Lee')} button::-p-text(Mark do-not-call)`).click()
    await waitForToast(page, 'Marcus Lee marked do-not-call.')
    await page.waitForSelector(`${rowOf('Marcus Lee')}[data-status="do_not_call"]`)
    expect(await page.$(`${rowOf('Marcus Lee')} a[href^="tel:"]`)).toBeNull()
    // The pressed button is gone: focus is on the row's status menu, not lost to the page.
    expect(await focusedInRow()).toEqual({ tag: 'SELECT', lead: saved.marcus?._id })

    // Taking it off do-not-call from the menu asks first; keeping it changes nothing.
    await page.select(`${rowOf('Marcus Lee')} select`, 'new')
    await page.waitForSelector('[role="alertdialog"]')
    await waitForText(page, 'Take Marcus Lee off do-not-call?', '[role="alertdialog"]')
    await noToasts()
    await shot('dashboard-leads-leave-dnc', 1280)
    await shot('dashboard-leads-leave-dnc', 375)
    await page.setViewport({ width: 1280, height: 900 })
    await page.locator('[role="alertdialog"] button::-p-text(Keep do-not-call)').click()
    await page.waitForSelector('[role="alertdialog"]', { hidden: true })
    expect(await valueOf(page, `${rowOf('Marcus Lee')} select`)).toBe('do_not_call')
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT')
    expect(await focusedInRow()).toEqual({ tag: 'SELECT', lead: saved.marcus?._id })

    await page.locator(`${rowOf('Dana Whitfield')} button::-p-text(Add notes)`).click()
    await page.waitForSelector('[role="dialog"] textarea')
    await fill(page, '[role="dialog"] textarea', 'Asked for a call back on Monday, après 5 pm.')
    await shot('dashboard-leads-notes', 1280)
    await shot('dashboard-leads-notes', 375)
    await page.setViewport({ width: 1280, height: 900 })
    await page.locator('[role="dialog"] button::-p-text(Save notes)').click()
    await waitForToast(page, 'Notes saved.')
    await page.waitForSelector('[role="dialog"]', { hidden: true })
    await waitForText(page, 'Asked for a call back on Monday', rowOf('Dana Whitfield'))
    // Focus is back on the button that opened the notes.
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON')
    expect(await focusedLabel(page)).toBe('Edit notes for Dana Whitfield')

    const stored = await listLeads(server, token)
    const byOwner = (name: string) => stored.find((l) => l.owner_name === name)
    expect(byOwner('Marcus Lee')?.status).toBe('do_not_call')
    expect(byOwner('Dana Whitfield')?.notes).toBe('Asked for a call back on Monday, après 5 pm.')
    expect(pageErrors).toEqual([])
  })

  it('connects a webhook, shows its secret once, and sends leads without the do-not-call ones', async () => {
    await page.locator('main button::-p-text(CRM settings)').click()
    await page.waitForSelector('[role="dialog"] input[name="webhook_url"]')
    await fill(page, '[role="dialog"] input[name="webhook_url"]', receiver.url)
    await page.locator('[role="dialog"] button::-p-text(Save webhook)').click()
    await page.waitForSelector('[data-webhook-secret] input')
    const secret = (await valueOf(page, '[data-webhook-secret] input')) ?? ''
    expect(secret).toMatch(/^lbwh_/)
    await waitForText(page, 'x-listingbridge-signature: sha256=<hex>', '[role="dialog"]')
    await noToasts()
    await shot('dashboard-leads-crm-settings', 1280)
    await shot('dashboard-leads-crm-settings', 375)
    await page.setViewport({ width: 1280, height: 900 })
    await page.keyboard.press('Escape')
    await page.waitForSelector('[role="dialog"]', { hidden: true })

    await page.locator('main input[aria-label="Select all leads on this page"]').click()
    await waitForText(page, '4 selected', 'main')
    await page.locator('main button::-p-text(Send to CRM)').click()
    await page.waitForSelector('[role="dialog"] button[type="submit"]')
    await waitForText(page, 'A selection holds up to 1,000 leads', '[role="dialog"]')
    await noToasts()
    await shot('dashboard-leads-send', 1280)
    await shot('dashboard-leads-send', 375)
    await page.setViewport({ width: 1280, height: 900 })
    await page.locator('[role="dialog"] button::-p-text(Send 4 leads)').click()
    // Answered once queued: the server's CRM sender delivers in the background.
    const result = await waitForText(page, 'Queued for Webhook:', '[role="dialog"] [role="status"]')
    expect(result).toBe(
      'Queued for Webhook: 2 leads — see the delivery log. 2 leads marked do-not-call were left out.',
    )
    await noToasts()
    await shot('dashboard-leads-sent', 1280)
    await shot('dashboard-leads-sent', 375)
    await page.setViewport({ width: 1280, height: 900 })

    // The CRM got one signed delivery with the two leads that may be called.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1)
    const [delivery] = receiver.received
    if (!delivery) throw new Error('no delivery')
    expect(delivery.headers['x-listingbridge-signature']).toBe(
      expectedSignature(secret, delivery.raw),
    )
    const body = JSON.parse(delivery.raw.toString('utf8')) as { leads: StoredLead[] }
    expect(body.leads.map((l) => l.owner_name)).toEqual([ZOE, 'Dana Whitfield'])

    // The log shows the delivery delivered, with its attempt; the secret is not shown again.
    await page.locator('[role="dialog"] button::-p-text(Done)').click()
    await page.waitForSelector('[role="dialog"]', { hidden: true })
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON')
    expect(await focusedLabel(page)).toBe('Send to CRM')
    await page.locator('main button::-p-text(CRM settings)').click()
    await page.waitForSelector('[role="dialog"] [data-delivery][data-status="sent"]')
    await waitForText(page, 'Delivered', '[role="dialog"] [data-delivery]')
    expect(await page.$('[data-webhook-secret]')).toBeNull()
    await waitForText(page, '2 leads · 1 attempt', '[role="dialog"]')
    await page.locator('[role="dialog"] [data-delivery] summary').click()
    await waitForText(page, ': delivered (HTTP 200)', '[role="dialog"] [data-delivery] li')
    await noToasts()
    await shot('dashboard-leads-delivery-log', 1280)
    await shot('dashboard-leads-delivery-log', 375)
    await page.setViewport({ width: 1280, height: 900 })

    // Sent again: queued at once, and the open log turns to Delivered without a reload.
    await page.keyboard.press('Escape')
    await page.waitForSelector('[role="dialog"]', { hidden: true })
    await page.locator('main button::-p-text(Send to CRM)').click()
    await page.locator('[role="dialog"] button::-p-text(Send 4 leads)').click()
    await waitForText(page, 'Queued for Webhook:', '[role="dialog"] [role="status"]')
    await page.locator('[role="dialog"] button::-p-text(See the delivery log)').click()
    await page.waitForSelector('[role="dialog"] [data-delivery]:nth-child(2)')
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[role="dialog"] [data-delivery][data-status="sent"]').length ===
        2,
      { timeout: 30_000 },
    )
    expect(receiver.received).toHaveLength(2)
    expect(pageErrors).toEqual([])
  })
})
