import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NETWORK_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { AgentProfile } from '../../api/schemas/agent-profile.ts'
import { extractionMessage, type ListingExtraction } from '../listing/listing-extraction.ts'
import type {
  AgentProfileLookup,
  ConversionState,
  ConvertOutcome,
  Envelope,
  LoginResult,
  SessionStatus,
} from '../messages.ts'
import { SESSION } from '../storage.ts'
import { installFakeChrome, type FakeChrome } from '../testing/fake-chrome.ts'
import { listing } from '../testing/fixtures.ts'
import { App } from './app.tsx'

const SITE = 'http://localhost:8787'

/** What the worker answers in each test; the popup talks to it only through messages. */
interface Worker {
  status: SessionStatus
  login: LoginResult
  lookup: ListingExtraction
  conversion: ConversionState | null
  convert: ConvertOutcome
  /** `account:profile`'s answer; a promise answers when the test resolves it. */
  profile: AgentProfileLookup | Promise<AgentProfileLookup>
}

/** The agent of the fixture listing (Ann Agent, Evergreen Realty), as Settings has them. */
const ownProfile: AgentProfile = {
  listing_name: 'Ann Agent',
  license_number: '01234567',
  license_state: 'IL',
  brokerage: 'Evergreen Realty, Inc.',
}
const otherProfile: AgentProfile = {
  listing_name: 'Bob Broker',
  license_number: null,
  license_state: null,
  brokerage: 'Lakeside Homes',
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
    profile: { ok: true, profile: ownProfile },
  }
  sent = []
  fake.chrome.runtime.sendMessage.mockImplementation(async (message: unknown) => {
    const envelope = message as Envelope
    sent.push(envelope)
    if (envelope.type === 'account:profile') return { ok: true, value: await worker.profile }
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
    return { ok: true, value: answers[envelope.type] ?? null }
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const count = (type: string) => sent.filter((m) => m.type === type).length
const convertButton = () => screen.findByRole('button', { name: 'Convert to Marketplace listing' })
const starts = () => sent.filter((m) => m.type === 'convert:start').map((m) => m.payload)

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

describe('whose listing it is', () => {
  it('converts the agent’s own listing at once, saying it is theirs', async () => {
    const user = userEvent.setup()
    render(<App />)
    const own = await screen.findByRole('region', { name: 'Your listing' })
    expect(own).toHaveTextContent(
      'Listed by Ann Agent, Evergreen Realty, as in your agent profile.',
    )
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    await user.click(await convertButton())
    await waitFor(() => {
      expect(starts()).toEqual([{ sourceTabId: 7, listing, permission: { basis: 'own_listing' } }])
    })
  })

  it('asks for the brokerage’s permission on another agent’s listing, every time', async () => {
    worker.profile = { ok: true, profile: otherProfile }
    const user = userEvent.setup()
    const { unmount } = render(<App />)
    expect(
      await screen.findByRole('region', { name: 'Listed by Ann Agent, Evergreen Realty' }),
    ).toBeInTheDocument()
    const box = screen.getByRole('checkbox', {
      name: "I have Evergreen Realty's permission to advertise this listing",
    })
    expect(box).not.toBeChecked()
    expect(await convertButton()).toBeDisabled()
    // By keyboard: tick the box with Space, then Convert with Enter.
    box.focus()
    await user.keyboard(' ')
    expect(box).toBeChecked()
    expect(await convertButton()).toBeEnabled()
    ;(await convertButton()).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => {
      expect(starts()).toEqual([
        { sourceTabId: 7, listing, permission: { basis: 'broker_permission' } },
      ])
    })

    // The popup opens again: never remembered, asked again.
    unmount()
    render(<App />)
    expect(await screen.findByRole('checkbox')).not.toBeChecked()
    expect(await convertButton()).toBeDisabled()
  })

  it('names the listing broker in general when the page names no brokerage', async () => {
    worker.lookup = { ok: true, listing: { ...listing, listing_agent: null, broker: null } }
    worker.profile = { ok: true, profile: ownProfile }
    render(<App />)
    expect(
      await screen.findByRole('region', { name: 'The page names no listing agent' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('checkbox', {
        name: "I have the listing broker's permission to advertise this listing",
      }),
    ).not.toBeChecked()
    expect(await convertButton()).toBeDisabled()
  })

  it('without an agent profile, links to Settings and offers no Convert; the next opening proceeds', async () => {
    worker.profile = { ok: true, profile: null }
    const { unmount } = render(<App />)
    const missing = await screen.findByRole('region', { name: 'Add your agent profile first' })
    expect(within(missing).getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      `${SITE}/dashboard/settings`,
    )
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()

    // Saved on Settings; the popup opens again and asks the worker anew.
    worker.profile = { ok: true, profile: ownProfile }
    unmount()
    render(<App />)
    expect(await screen.findByRole('region', { name: 'Your listing' })).toBeInTheDocument()
    expect(await convertButton()).toBeEnabled()
    expect(count('account:profile')).toBe(2)
  })

  it('previews the listing while the profile loads, with no Convert yet', async () => {
    let answer: (lookup: AgentProfileLookup) => void = () => undefined
    worker.profile = new Promise((resolve) => (answer = resolve))
    render(<App />)
    expect(await screen.findByRole('article', { name: 'Listing preview' })).toBeInTheDocument()
    expect(screen.getByText('Checking your agent profile…')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()
    answer({ ok: true, profile: ownProfile })
    expect(await convertButton()).toBeEnabled()
  })

  it('offline, says the profile could not be loaded, offers no Convert, and tries again', async () => {
    worker.profile = { ok: false, error: { kind: 'offline', message: NETWORK_ERROR_MESSAGE } }
    const user = userEvent.setup()
    render(<App />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your agent profile could not be loaded')
    expect(alert).toHaveTextContent(NETWORK_ERROR_MESSAGE)
    expect(screen.queryByRole('button', { name: /Convert/ })).not.toBeInTheDocument()

    worker.profile = { ok: true, profile: ownProfile }
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await convertButton()).toBeEnabled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('asks to log in again when the session ended before the profile came', async () => {
    worker.profile = {
      ok: false,
      error: { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE },
    }
    render(<App />)
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })
})

describe('converting', () => {
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
    const own = { sourceTabId: 7, listing, permission: { basis: 'own_listing' } }
    expect(starts()).toEqual([own, own])
    expect(count('listing:get')).toBe(1)
  })

  it('shows the server’s refusal of the answer, e.g. when the profile changed meanwhile', async () => {
    worker.convert = {
      ok: false,
      error: {
        kind: 'rejected',
        message: 'Your agent profile no longer names this listing’s agent and brokerage.',
      },
    }
    const user = userEvent.setup()
    render(<App />)
    await user.click(await convertButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your agent profile no longer names this listing’s agent and brokerage.',
    )
    expect(await convertButton()).toBeEnabled()
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
    // The popup follows progress with a listener added in an effect after the tab is known, which
    // a loaded machine may run after the text shows; a write before it would go unseen here.
    // Two listeners then: the lead panel's (added on mount) and that one.
    await waitFor(() => {
      expect(fake.chrome.storage.onChanged.listeners).toHaveLength(2)
    })
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
