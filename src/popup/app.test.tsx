import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import { extractionMessage } from '../listing/listing-extraction.ts'
import type {
  ConversionState,
  ConvertOutcome,
  Envelope,
  ListingLookup,
  LoginResult,
  SessionStatus,
} from '../messages.ts'
import { LOCAL, SESSION } from '../storage.ts'
import { installFakeChrome, type FakeChrome } from '../test/fake-chrome.ts'
import { listing } from '../test/fixtures.ts'
import { App } from './app.tsx'

const SITE = 'http://localhost:8787'

/** What the worker answers in each test; the popup talks to it only through messages. */
interface Worker {
  status: SessionStatus
  login: LoginResult
  lookup: ListingLookup
  conversion: ConversionState | null
  convert: ConvertOutcome
}

let fake: FakeChrome
let worker: Worker
let sent: Envelope[]

beforeEach(() => {
  fake = installFakeChrome()
  fake.tabs.push({ id: 7, url: listing.url, active: true })
  worker = {
    status: { loggedIn: true, userId: 'u1', email: 'ann@example.com' },
    login: { ok: true, email: 'ann@example.com' },
    lookup: { ok: true, listing },
    conversion: null,
    convert: { ok: true, marketplaceTabId: 100 },
  }
  sent = []
  fake.chrome.runtime.sendMessage.mockImplementation((message: unknown) => {
    const envelope = message as Envelope
    sent.push(envelope)
    const answers: Record<string, unknown> = {
      'session:status': worker.status,
      'session:login': worker.login,
      'session:logout': { ok: true },
      'listing:get': worker.lookup,
      'convert:status': worker.conversion,
      'convert:start': worker.convert,
      // No lead and nothing to scan here (leads.test.tsx has those).
      'leads:page': { kind: 'other' },
      'scan:status': null,
    }
    return Promise.resolve({ ok: true, value: answers[envelope.type] ?? null })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const count = (type: string) => sent.filter((m) => m.type === type).length
const convertButton = () => screen.findByRole('button', { name: 'Convert to Marketplace listing' })

async function confirmOnce() {
  await fake.local.set({ [LOCAL.compliance]: { u1: '2026-01-01T00:00:00.000Z' } })
}

describe('logged out', () => {
  beforeEach(() => {
    worker.status = { loggedIn: false, notice: null }
  })

  it('shows the login form with the site’s rules and a sign-up link', async () => {
    const user = userEvent.setup()
    render(<App />)
    const email = await screen.findByLabelText('Email')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `${SITE}/sign-up`)

    await user.type(email, 'ann@')
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    await user.clear(email)
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(count('session:login')).toBe(0)
  })

  it('shows the server’s message when login fails', async () => {
    worker.login = { ok: false, message: 'Invalid email or password.', unverified: false }
    const user = userEvent.setup()
    render(<App />)
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.')
    expect(sent.find((m) => m.type === 'session:login')?.payload).toEqual({
      email: 'ann@example.com',
      password: 'wrong-password',
    })
  })

  it('says the session expired', async () => {
    worker.status = { loggedIn: false, notice: SESSION_EXPIRED_MESSAGE }
    render(<App />)
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })
})

describe('logged in', () => {
  it('previews the listing of the active tab', async () => {
    render(<App />)
    const preview = await screen.findByRole('article', { name: 'Listing preview' })
    expect(within(preview).getByText('742 Evergreen Ter')).toBeInTheDocument()
    expect(within(preview).getByText('Springfield, IL 62704')).toBeInTheDocument()
    expect(within(preview).getByText('$389,000')).toBeInTheDocument()
    expect(within(preview).getByText('4 bd · 2.5 ba · 2,140 sqft')).toBeInTheDocument()
    expect(
      within(preview).getByText('24 photos (the first 20 go to Marketplace)'),
    ).toBeInTheDocument()
    expect(within(preview).getByRole('img')).toHaveAttribute('src', listing.photos[0])
    expect(await convertButton()).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Open your dashboard' })).toHaveAttribute(
      'href',
      `${SITE}/dashboard`,
    )
    expect(sent.find((m) => m.type === 'listing:get')?.payload).toEqual({
      tabId: 7,
      url: listing.url,
    })
  })

  it('refuses a sold home with its sale date, and offers no Convert', async () => {
    worker.lookup = {
      ok: true,
      listing: { ...listing, source: 'redfin', listing_status: 'sold', sold_date: '2025-09-05' },
    }
    render(<App />)
    expect(
      await screen.findByText(
        'This home sold on September 5, 2025: there is nothing to advertise.',
      ),
    ).toBeInTheDocument()
    const preview = screen.getByRole('article', { name: 'Listing preview' })
    expect(within(preview).getByText('From Redfin')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()
    expect(sent.some((m) => m.type === 'convert:start')).toBe(false)
  })

  it('converts a pending sale, naming its status beside the preview', async () => {
    worker.lookup = { ok: true, listing: { ...listing, listing_status: 'pending' } }
    render(<App />)
    expect(await screen.findByText('Zillow shows this sale as pending.')).toBeInTheDocument()
    expect(await convertButton()).toBeEnabled()
  })

  it('shows Zillow’s bot check with its message, and no Convert', async () => {
    worker.lookup = {
      ok: false,
      reason: 'bot-check',
      message: extractionMessage('bot-check', 'zillow'),
    }
    render(<App />)
    expect(await screen.findByText(extractionMessage('bot-check', 'zillow'))).toBeInTheDocument()
    expect(screen.getByText('The site wants to check you are human')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()
  })

  it('says when the tab is not a listing page', async () => {
    worker.lookup = {
      ok: false,
      reason: 'not-a-listing',
      message: extractionMessage('not-a-listing', null),
    }
    render(<App />)
    expect(await screen.findByText('Not a listing page')).toBeInTheDocument()
    expect(screen.getByText(extractionMessage('not-a-listing', null))).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()
  })

  it('logs out', async () => {
    const user = userEvent.setup()
    render(<App />)
    await user.click(await screen.findByRole('button', { name: 'Log out' }))
    expect(await screen.findByLabelText('Email')).toBeInTheDocument()
    expect(count('session:logout')).toBe(1)
  })
})

describe('the listing agent confirmation', () => {
  it('is asked before the first conversion only, and remembered', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<App />)
    await user.click(await convertButton())
    expect(count('convert:start')).toBe(0)
    const confirm = screen.getByRole('button', { name: 'Confirm and convert' })
    expect(confirm).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: /I am the listing agent/ }))
    await user.click(confirm)
    await waitFor(() => {
      expect(count('convert:start')).toBe(1)
    })
    expect(fake.local.data.get(LOCAL.compliance)).toHaveProperty('u1')

    // The popup opens again another day: Convert converts at once.
    unmount()
    render(<App />)
    await user.click(await convertButton())
    await waitFor(() => {
      expect(count('convert:start')).toBe(2)
    })
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })

  it('Cancel leaves it unanswered', async () => {
    const user = userEvent.setup()
    render(<App />)
    await user.click(await convertButton())
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await convertButton()).toBeInTheDocument()
    expect(fake.local.data.has(LOCAL.compliance)).toBe(false)
    expect(count('convert:start')).toBe(0)
  })
})

describe('converting', () => {
  beforeEach(confirmOnce)

  it('shows the trial-over message with an Upgrade link, keeps the listing, and retries it', async () => {
    worker.convert = {
      ok: false,
      error: {
        kind: 'upgrade',
        message: 'Your free trial has ended. Subscribe to keep converting.',
      },
    }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await convertButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your free trial has ended. Subscribe to keep converting.')
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${SITE}/pricing`,
    )
    expect(screen.getByText('742 Evergreen Ter')).toBeInTheDocument()

    worker.convert = { ok: true, marketplaceTabId: 100 }
    await user.click(await convertButton())
    await waitFor(() => {
      expect(count('convert:start')).toBe(2)
    })
    const starts = sent.filter((m) => m.type === 'convert:start').map((m) => m.payload)
    expect(starts).toEqual([
      { sourceTabId: 7, listing },
      { sourceTabId: 7, listing },
    ])
    expect(count('listing:get')).toBe(1)
  })

  it('says when the server cannot be reached', async () => {
    worker.convert = {
      ok: false,
      error: {
        kind: 'offline',
        message: 'Could not reach the server. Check your connection and try again.',
      },
    }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await convertButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.')
    expect(await convertButton()).toBeEnabled()
  })

  it('shows progress and follows it as the worker writes it', async () => {
    worker.conversion = {
      runId: 'r',
      sourceTabId: 7,
      phase: 'converting',
      error: null,
      marketplaceTabId: null,
      updatedAt: new Date().toISOString(),
    }
    render(<App />)
    expect(await screen.findByText('Converting the listing…')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()
    await fake.session.set({ [SESSION.conversion]: { ...worker.conversion, phase: 'opening' } })
    expect(await screen.findByText('Opening Marketplace…')).toBeInTheDocument()
    // Another tab's conversion is not ours.
    await fake.session.set({
      [SESSION.conversion]: { ...worker.conversion, sourceTabId: 9, phase: 'converting' },
    })
    expect(screen.getByText('Opening Marketplace…')).toBeInTheDocument()
  })

  it('says the conversion was interrupted when Chrome stopped the worker mid-way', async () => {
    const user = userEvent.setup()
    render(<App />)
    const button = await convertButton()
    // The worker dies before answering, so the channel closes; asked again, the restarted
    // worker has marked the conversion interrupted (src/background/conversion.ts).
    const answer = fake.chrome.runtime.sendMessage.getMockImplementation()
    fake.chrome.runtime.sendMessage.mockImplementation((message: unknown) => {
      if ((message as Envelope).type !== 'convert:start') {
        return answer ? answer(message) : Promise.resolve(undefined)
      }
      sent.push(message as Envelope)
      worker.conversion = {
        runId: 'r',
        sourceTabId: 7,
        phase: 'failed',
        error: {
          kind: 'interrupted',
          message: 'The conversion was interrupted. Please try again.',
        },
        marketplaceTabId: null,
        updatedAt: new Date().toISOString(),
      }
      return Promise.reject(new Error('The message channel closed before a response was received'))
    })
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The conversion was interrupted. Please try again.',
    )
    expect(screen.getByText('742 Evergreen Ter')).toBeInTheDocument()
    expect(await convertButton()).toBeEnabled()
  })

  it('asks to log in again when the session expired, then shows the same listing', async () => {
    worker.convert = {
      ok: false,
      error: { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE },
    }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await convertButton())
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'Maple-Street-42')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('742 Evergreen Ter')).toBeInTheDocument()
    expect(count('listing:get')).toBe(1)
  })
})
