import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { brand } from '../../../../api/brand.ts'
import type { Dashboard, Me } from '../../../../api/schemas/users.ts'
import { ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import { dashboardFixture, meFixture, stubApi, week } from '../testing/fixtures.ts'
import { SETUP_HIDDEN_KEY } from './finish-setup.tsx'

// happy-dom has no canvas: the chart's uPlot is replaced by one that draws nothing.
vi.mock('uplot', () => {
  class FakePlot {
    static pxRatio = 1
    width = 0
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

/**
 * The extension as the page reaches it (`chrome.runtime.sendMessage`): `installed()` says whether
 * it answers now; when not, Chrome reports the id unknown through lastError.
 */
function stubExtension(installed: () => boolean) {
  const runtime: { lastError?: unknown; sendMessage: unknown } = {
    sendMessage: (_id: string, _message: unknown, reply: (response: unknown) => void) => {
      if (installed()) {
        reply({ ok: true, value: { logged_in: false } })
        return
      }
      runtime.lastError = { message: 'Could not establish connection.' }
      reply(undefined)
      delete runtime.lastError
    },
  }
  vi.stubGlobal('chrome', { runtime })
}

/** The profile an agent saved on Settings. */
const agentProfile = {
  listing_name: 'Ann Agent',
  license_number: null,
  license_state: null,
  brokerage: 'Acme Realty',
}

function open(...dashboards: Dashboard[]) {
  return openAs(meFixture(), ...dashboards)
}

/** As an agent who saved an agent profile. */
function openWithProfile(...dashboards: Dashboard[]) {
  return openAs(meFixture({ agent_profile: agentProfile }), ...dashboards)
}

function openAs(me: Me, ...dashboards: Dashboard[]) {
  localStorage.setItem('accessToken', 'access-1')
  const fetch = stubApi({
    '/users/me': [ok(me)],
    '/users/dashboard': dashboards.map((d) => ok(d)),
  })
  const view = renderAt('/dashboard', <DashboardPage />)
  return { fetch, ...view }
}

async function checklist() {
  return screen.findByRole('region', { name: 'Get set up' })
}

function step(key: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-setup-step="${key}"]`)
  if (!found) throw new Error(`no step ${key}`)
  return found
}

/** Each step's title and whether it says it is done. */
function stepStates(): [string, string][] {
  return [...document.querySelectorAll<HTMLElement>('[data-setup-step]')].map((item) => [
    within(item).getByRole('heading').textContent,
    item.querySelector('h3 + span')?.textContent ?? '',
  ])
}

const withListings: Partial<Dashboard> = {
  total_api_calls: 3,
  total_api_calls_last_seven_days: 3,
  total_api_calls_this_month: 3,
  api_calls_by_kind: {
    total: { listings: 3, leads: 0 },
    last_seven_days: { listings: 3, leads: 0 },
    this_month: { listings: 3, leads: 0 },
  },
  api_usage_last_seven_days: week([0, 0, 0, 0, 0, 0, 3]),
  has_converted_listing: true,
}

describe('a new agent’s dashboard: the first-run checklist', () => {
  it('lists the five steps, none done, in a browser without the extension, and no numbers', async () => {
    open(dashboardFixture())
    const section = await checklist()
    await within(section).findByText('Not found in this browser.')
    expect(stepStates()).toEqual([
      ['Install the Chrome extension', 'To do'],
      ['Add your agent profile', 'To do'],
      ['Open a listing on Zillow, Realtor.com or Redfin', 'To do'],
      ['Click Convert in the extension', 'To do'],
      ['Save an FSBO lead', 'To do'],
    ])
    expect(within(section).getByText('0 of 5 done')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'API call totals' })).toBeNull()
    expect(within(section).getByText(/^An API call is a listing converted/)).toBeInTheDocument()

    // Links to follow: the store, each listing site (new tabs), and the Leads page.
    const store = within(step('install')).getByRole('link', { name: /Add to Chrome/ })
    expect(store).toHaveAttribute('href', brand.extensionStoreUrl)
    expect(store).toHaveAttribute('target', '_blank')
    expect(within(step('profile')).getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    )
    const sites = within(step('open')).getAllByRole('link')
    expect(sites.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Zillow (opens in a new tab)', 'https://www.zillow.com'],
      ['Realtor.com (opens in a new tab)', 'https://www.realtor.com'],
      ['Redfin (opens in a new tab)', 'https://www.redfin.com'],
    ])
    expect(within(step('lead')).getByRole('link', { name: 'About leads' })).toHaveAttribute(
      'href',
      '/dashboard/leads',
    )
  })

  it('reaches every link with the keyboard, in the order of the steps', async () => {
    const { user } = open(dashboardFixture())
    const section = await checklist()
    await within(section).findByText('Not found in this browser.')
    const links = within(section).getAllByRole('link')
    // Tab from the top of the page (past the sidebar's links) through the checklist's.
    const reached: string[] = []
    for (let i = 0; i < 40 && reached.length < links.length; i++) {
      await user.tab()
      const active = document.activeElement
      if (active instanceof HTMLAnchorElement && section.contains(active)) {
        reached.push(active.textContent)
      }
    }
    expect(reached).toEqual(links.map((a) => a.textContent))
  })

  it('ticks the install step when the extension answers in this browser', async () => {
    stubExtension(() => true)
    open(dashboardFixture())
    const section = await checklist()
    await within(section).findByText('Found in this browser.')
    expect(stepStates()[0]).toEqual(['Install the Chrome extension', 'Done'])
    expect(within(section).getByText('1 of 5 done')).toBeInTheDocument()
    expect(within(step('install')).queryByRole('link')).toBeNull()
  })

  it('asks the browser again, and loads the dashboard again, when the window gets the focus back', async () => {
    let installed = false
    stubExtension(() => installed)
    const { fetch } = open(dashboardFixture(), dashboardFixture(), dashboardFixture(withListings))
    const section = await checklist()
    await within(section).findByText('Not found in this browser.')

    // Installed in another tab, then back here.
    installed = true
    fireEvent.focus(window)
    await within(section).findByText('Found in this browser.')
    const dashboardLoads = () =>
      fetch.mock.calls.filter(([url]) => url.includes('/users/dashboard')).length
    expect(dashboardLoads()).toBe(2)

    // A listing converted in another tab: the numbers replace the checklist.
    fireEvent.focus(window)
    await screen.findByRole('list', { name: 'API call totals' })
    expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull()
    expect(dashboardLoads()).toBe(3)
  })
})

describe('with numbers: the steps still to do', () => {
  it('shows only the lead step to an agent who converted listings, until hidden for good', async () => {
    const { user, unmount } = openWithProfile(dashboardFixture(withListings))
    const finish = await screen.findByRole('region', { name: 'Finish setting up' })
    expect(screen.getByRole('list', { name: 'API call totals' })).toBeInTheDocument()
    expect(within(finish).getByText('4 of 5 done')).toBeInTheDocument()
    expect(stepStates()).toEqual([['Save an FSBO lead', 'To do']])

    await user.click(within(finish).getByRole('button', { name: 'Hide the setup steps' }))
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull()
    expect(localStorage.getItem(SETUP_HIDDEN_KEY)).toBe('true')

    // Still hidden on the next visit.
    unmount()
    openWithProfile(dashboardFixture(withListings))
    await screen.findByRole('list', { name: 'API call totals' })
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull()
  })

  it('shows the listing steps to an agent who only saved leads, the extension proven by them', async () => {
    open(
      dashboardFixture({
        total_api_calls: 2,
        api_calls_by_kind: {
          total: { listings: 0, leads: 2 },
          last_seven_days: { listings: 0, leads: 0 },
          this_month: { listings: 0, leads: 0 },
        },
        has_saved_lead: true,
      }),
    )
    const finish = await screen.findByRole('region', { name: 'Finish setting up' })
    expect(within(finish).getByText('2 of 5 done')).toBeInTheDocument()
    expect(stepStates()).toEqual([
      ['Add your agent profile', 'To do'],
      ['Open a listing on Zillow, Realtor.com or Redfin', 'To do'],
      ['Click Convert in the extension', 'To do'],
    ])
  })

  it('shows nothing more once every step is done', async () => {
    openWithProfile(dashboardFixture({ ...withListings, has_saved_lead: true }))
    await screen.findByRole('list', { name: 'API call totals' })
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull()
  })
})
