import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { SaveLeadBody } from '../../api/schemas/leads.ts'
import { extractionMessage, type ListingExtraction } from '../listing/listing-extraction.ts'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import type {
  Envelope,
  LeadSaveOutcome,
  ScanStartOutcome,
  ScanState,
  SessionStatus,
} from '../messages.ts'
import { SESSION } from '../storage.ts'
import { installFakeChrome, type FakeChrome } from '../testing/fake-chrome.ts'
import { listing } from '../testing/fixtures.ts'
import { App } from './app.tsx'

const SITE = 'http://localhost:8787'
const LEADS_PAGE = `${SITE}/dashboard/leads`
const LISTING_URL = 'https://fsbo.com/listings/listings/show/id/546971/'
const RESULTS_URL = 'https://fsbo.com/listings/search/results/?searchQuery=Miami'

const LEAD: SaveLeadBody = {
  source: 'fsbo_com',
  source_id: '546971',
  listing_url: LISTING_URL,
  owner_name: 'José & María Pérez',
  phone: '(305) 555-0199',
  email: null,
  address: { street: '2150 SW 23rd Ter', city: 'Miami', state: 'FL', zip: '33145' },
  price: 485000,
  beds: 3,
  baths: 2,
  living_area_sqft: 1640,
  days_on_market: 12,
  photo_url: null,
}

const listingPage: FsboPage = {
  kind: 'listing',
  pageUrl: LISTING_URL,
  extraction: { ok: true, lead: LEAD },
}

const resultsOf = (count: number): FsboPage => ({
  kind: 'results',
  pageUrl: RESULTS_URL,
  site: 'FSBO.com',
  links: Array.from(
    { length: count },
    (_, i) => `https://fsbo.com/listings/listings/show/id/${i + 1}/`,
  ),
})

const notAListing: ListingExtraction = {
  ok: false,
  reason: 'not-a-listing',
  message: extractionMessage('not-a-listing', null),
}

function scanOf(patch: Partial<ScanState> = {}): ScanState {
  return {
    scanId: 's1',
    sourceTabId: 7,
    sourceUrl: RESULTS_URL,
    site: 'FSBO.com',
    phase: 'running',
    found: 4,
    total: 4,
    cap: 25,
    visited: 1,
    saved: 1,
    duplicates: 0,
    failed: 0,
    current: 'https://fsbo.com/listings/listings/show/id/2/',
    scanTabId: 200,
    stop: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:01.000Z',
    ...patch,
  }
}

interface Worker {
  status: SessionStatus
  lookup: ListingExtraction
  page: FsboPage
  scan: ScanState | null
  save: LeadSaveOutcome
  start: ScanStartOutcome
}

let fake: FakeChrome
let worker: Worker
let sent: Envelope[]

beforeEach(() => {
  fake = installFakeChrome()
  fake.tabs.push({ id: 7, url: LISTING_URL, active: true })
  worker = {
    status: { loggedIn: true, userId: 'u1', email: 'ann@example.com' },
    lookup: notAListing,
    page: listingPage,
    scan: null,
    save: { ok: true, created: true, leadId: 'lead-1' },
    start: { ok: true, scan: scanOf({ visited: 0, saved: 0, current: null }) },
  }
  sent = []
  fake.chrome.runtime.sendMessage.mockImplementation((message: unknown) => {
    const envelope = message as Envelope
    sent.push(envelope)
    const answers: Record<string, unknown> = {
      'session:status': worker.status,
      'session:login': { ok: true, email: 'ann@example.com' },
      'listing:get': worker.lookup,
      'convert:status': null,
      // An agent whose listing this is not: Convert shows, behind the permission box.
      'account:profile': {
        ok: true,
        profile: {
          listing_name: 'Bob Broker',
          license_number: null,
          license_state: null,
          brokerage: 'Lakeside Homes',
        },
      },
      'leads:page': worker.page,
      'leads:save': worker.save,
      'scan:status': worker.scan,
      'scan:start': worker.start,
      'scan:cancel': worker.scan && { ...worker.scan, phase: 'cancelling' },
    }
    return Promise.resolve({ ok: true, value: answers[envelope.type] ?? null })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const count = (type: string) => sent.filter((m) => m.type === type).length
const saveButton = () => screen.findByRole('button', { name: 'Save lead' })

/** The worker writes a scan's progress; the popup follows it. */
async function workerWrites(scan: ScanState): Promise<void> {
  worker.scan = scan
  await fake.session.set({ [SESSION.scan]: scan })
}

describe('Save lead on an FSBO listing page', () => {
  it('shows the owner’s lead: owner, phone, e-mail, address, price, beds and baths', async () => {
    render(<App />)
    const lead = await screen.findByRole('region', { name: 'Owner lead' })
    for (const text of [
      'José & María Pérez',
      '(305) 555-0199',
      '2150 SW 23rd Ter',
      'Miami, FL 33145',
      '$485,000',
      '3 bd · 2 ba · 1,640 sqft',
      'FSBO.com',
    ]) {
      expect(within(lead).getByText(text)).toBeInTheDocument()
    }
    // No e-mail on the page: said, not left blank.
    expect(within(lead).getByText('Not shown')).toBeInTheDocument()
    expect(screen.queryByText('Not a listing page')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()
    expect(sent.find((m) => m.type === 'leads:page')?.payload).toEqual({ tabId: 7 })
  })

  it('saves, then says a second save updated the lead saved before', async () => {
    const user = userEvent.setup()
    render(<App />)
    await user.click(await saveButton())
    const saved = await screen.findByRole('status')
    expect(saved).toHaveTextContent('Saved to your leads.')
    expect(within(saved).getByRole('link', { name: 'See your leads' })).toHaveAttribute(
      'href',
      LEADS_PAGE,
    )
    expect(sent.find((m) => m.type === 'leads:save')?.payload).toEqual({ lead: LEAD })

    worker.save = { ok: true, created: false, leadId: 'lead-1' }
    await user.click(await saveButton())
    expect(await screen.findByText('Already saved — updated.')).toBeInTheDocument()
  })

  it('shows the trial-over message with an Upgrade link, keeps the lead, and retries it', async () => {
    const trialOver = 'Your 7-day free trial has ended. Choose a plan on the Pricing page.'
    worker.save = { ok: false, error: { kind: 'upgrade', message: trialOver } }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await saveButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(trialOver)
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${SITE}/pricing`,
    )
    expect(screen.getByText('José & María Pérez')).toBeInTheDocument()

    worker.save = { ok: true, created: true, leadId: 'lead-1' }
    await user.click(await saveButton())
    expect(await screen.findByText('Saved to your leads.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(count('leads:save')).toBe(2)
    expect(count('leads:page')).toBe(1)
  })

  it('says when the server cannot be reached or is down', async () => {
    const user = userEvent.setup()
    render(<App />)
    worker.save = { ok: false, error: { kind: 'offline', message: 'Could not reach the server.' } }
    await user.click(await saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.')
    worker.save = { ok: false, error: { kind: 'server', message: 'The server is not responding.' } }
    await user.click(await saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not responding.')
    expect(await saveButton()).toBeEnabled()
  })

  it('asks to log in again when the session expired, then shows the same lead', async () => {
    worker.save = {
      ok: false,
      error: { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE },
    }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await saveButton())
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'Maple-Street-42')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('José & María Pérez')).toBeInTheDocument()
    worker.save = { ok: true, created: true, leadId: 'lead-1' }
    await user.click(await saveButton())
    expect(await screen.findByText('Saved to your leads.')).toBeInTheDocument()
    expect(count('leads:page')).toBe(1)
  })

  it('says why a listing page gave no lead', async () => {
    const message = 'FSBO.com is asking you to prove you’re human.'
    worker.page = {
      kind: 'listing',
      pageUrl: LISTING_URL,
      extraction: { ok: false, reason: 'bot-check', message },
    }
    render(<App />)
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText('The site wants to check you are human')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save lead' })).not.toBeInTheDocument()
  })
})

describe('a Zillow listing sold by its owner', () => {
  it('offers the conversion and Save lead with the owner’s contact', async () => {
    worker.lookup = { ok: true, listing }
    worker.page = {
      kind: 'listing',
      pageUrl: listing.url,
      extraction: {
        ok: true,
        lead: { ...LEAD, source: 'zillow_fsbo', owner_name: "Dana O'Neil" },
      },
    }
    render(<App />)
    expect(
      await screen.findByRole('button', { name: 'Convert to Marketplace listing' }),
    ).toBeInTheDocument()
    const lead = screen.getByRole('region', { name: 'Owner lead' })
    expect(within(lead).getByText("Dana O'Neil")).toBeInTheDocument()
    expect(within(lead).getByText('For sale by owner · Zillow (FSBO)')).toBeInTheDocument()
    expect(within(lead).getByText('(305) 555-0199')).toBeInTheDocument()
    expect(within(lead).getByRole('button', { name: 'Save lead' })).toBeInTheDocument()
  })

  it('offers only the conversion when an agent lists the home', async () => {
    worker.lookup = { ok: true, listing }
    worker.page = {
      kind: 'listing',
      pageUrl: listing.url,
      extraction: { ok: false, reason: 'not-fsbo', message: 'Listed by an agent.' },
    }
    render(<App />)
    expect(
      await screen.findByRole('button', { name: 'Convert to Marketplace listing' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Owner lead' })).not.toBeInTheDocument()
    expect(screen.queryByText('Listed by an agent.')).not.toBeInTheDocument()
  })
})

describe('Scan this page on a results page', () => {
  beforeEach(() => {
    worker.page = resultsOf(4)
  })

  it('says how many listings it found, scans, and follows the progress', async () => {
    const user = userEvent.setup()
    render(<App />)
    expect(await screen.findByText('Found 4 listings on this page.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Scan this page' }))
    expect(sent.find((m) => m.type === 'scan:start')?.payload).toEqual({ sourceTabId: 7 })
    expect(await screen.findByText('Scanning listing 1 of 4')).toBeInTheDocument()

    await workerWrites(
      scanOf({ visited: 2, saved: 1, duplicates: 1, updatedAt: '2026-01-01T00:00:02.000Z' }),
    )
    expect(await screen.findByText('Scanning listing 3 of 4')).toBeInTheDocument()
    const progress = screen.getByRole('region', { name: 'Scan progress' })
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('value', '2')
    expect(counts()).toEqual({ saved: '1', duplicates: '1', failed: '0' })

    await workerWrites(
      scanOf({
        phase: 'done',
        visited: 4,
        saved: 3,
        duplicates: 1,
        current: null,
        updatedAt: '2026-01-01T00:00:03.000Z',
      }),
    )
    expect(await screen.findByText('Scan finished: visited 4 of 4 listings.')).toBeInTheDocument()
    expect(counts()).toEqual({ saved: '3', duplicates: '1', failed: '0' })
    expect(screen.getByRole('link', { name: 'See your leads' })).toHaveAttribute('href', LEADS_PAGE)
    expect(screen.getByRole('button', { name: 'Scan again' })).toBeInTheDocument()
  })

  it('says when a page lists more than a scan visits', async () => {
    worker.page = resultsOf(40)
    render(<App />)
    expect(
      await screen.findByText('Found 40 listings on this page; a scan visits the first 25.'),
    ).toBeInTheDocument()
  })

  it('shows the running scan when the popup opens again, and cancels it', async () => {
    worker.scan = scanOf({ visited: 2, saved: 2 })
    const user = userEvent.setup()
    render(<App />)
    expect(await screen.findByText('Scanning listing 3 of 4')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel scan' }))
    expect(count('scan:cancel')).toBe(1)
    expect(
      await screen.findByRole('button', { name: 'Stopping after this listing…' }),
    ).toBeDisabled()

    await workerWrites(
      scanOf({ phase: 'cancelled', visited: 2, saved: 2, updatedAt: '2026-01-01T00:00:09.000Z' }),
    )
    expect(
      await screen.findByText(
        'Scan cancelled after 2 of 4 listings. The leads saved so far are kept.',
      ),
    ).toBeInTheDocument()
    expect(counts()).toEqual({ saved: '2', duplicates: '0', failed: '0' })
  })

  it('says why a scan stopped, and that what it saved is kept', async () => {
    const message = 'FSBO.com is asking to check you’re human, so the scan stopped.'
    worker.scan = scanOf({ phase: 'stopped', stop: { kind: 'bot-check', message } })
    render(<App />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(message)
    expect(
      screen.getByText('Stopped after 1 of 4 listings. The leads saved so far are kept.'),
    ).toBeInTheDocument()
  })

  it('links a scan stopped by the trial’s end to the pricing page', async () => {
    worker.scan = scanOf({
      phase: 'stopped',
      stop: { kind: 'upgrade', message: 'Your 7-day free trial has ended.' },
    })
    render(<App />)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${SITE}/pricing`,
    )
  })

  it('goes back to the login form when a running scan finds the session expired', async () => {
    await workerWrites(scanOf())
    render(<App />)
    await screen.findByText('Scanning listing 2 of 4')
    await workerWrites(
      scanOf({
        phase: 'stopped',
        stop: { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE },
        updatedAt: '2026-01-01T00:00:09.000Z',
      }),
    )
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })

  it('shows why a scan could not start', async () => {
    worker.start = { ok: false, error: { kind: 'no-listings', message: 'No listings found.' } }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await screen.findByRole('button', { name: 'Scan this page' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No listings found.')
  })

  it('offers a new scan on another results page in the same tab', async () => {
    worker.scan = scanOf({
      phase: 'done',
      sourceUrl: 'https://fsbo.com/listings/search/results/?p=2',
    })
    render(<App />)
    expect(await screen.findByRole('button', { name: 'Scan this page' })).toBeInTheDocument()
    expect(screen.queryByText(/Scan finished/)).not.toBeInTheDocument()
  })

  it('shows a scan running for another page, and no second scan', async () => {
    worker.scan = scanOf({ sourceTabId: 9 })
    render(<App />)
    expect(await screen.findByText('Scanning listing 2 of 4')).toBeInTheDocument()
    expect(
      screen.getByText('A scan is already running; wait for it to finish.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Scan this page' })).not.toBeInTheDocument()
  })

  it('shows a running scan over any other page too', async () => {
    worker.page = { kind: 'other' }
    worker.scan = scanOf({ sourceTabId: 9 })
    render(<App />)
    expect(await screen.findByText('Scanning listing 2 of 4')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel scan' })).toBeInTheDocument()
    expect(screen.getByText('Not a listing page')).toBeInTheDocument()
  })
})

/** The three figures of the scan's counts, by their data-count. */
function counts(): Record<string, string> {
  const result: Record<string, string> = {}
  for (const element of document.querySelectorAll('[data-count]')) {
    result[element.getAttribute('data-count') ?? ''] =
      element.querySelector('dd')?.textContent ?? ''
  }
  return result
}
