import { screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setIsLogin, setIsTrial, setRemainingDays, setUserName, ui } from '../../lib/store.ts'
import { toast } from '../../lib/toast.tsx'
import { fail, json, ok } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import DashboardPage from './dashboard-page.tsx'
import {
  calledPaths,
  dashboardFixture,
  inDays,
  meFixture,
  stubApi,
  week,
} from './testing/fixtures.ts'

function logIn() {
  localStorage.setItem('accessToken', 'access-1')
  localStorage.setItem('refresh_token', 'refresh-1')
  localStorage.setItem('userId', 'user-1')
  localStorage.setItem('isLogin', 'true')
}

beforeEach(() => {
  setUserName('')
  setRemainingDays(0)
  setIsTrial(false)
  setIsLogin(false)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('dashboard access gate (docs/product.md#dashboard-gate)', () => {
  it('shows a spinner, and no badge, while /users/me loads', () => {
    logIn()
    stubApi({
      '/users/me': [new Promise<Response>(() => undefined)],
      '/users/dashboard': [ok(dashboardFixture())],
    })
    renderAt('/dashboard', <DashboardPage />)
    expect(screen.getByText('Checking your account…').closest('[role="status"]')).not.toBeNull()
    expect(document.querySelector('[data-status-badge]')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument()
  })

  it('sends a visitor without a session to /sign-in with "Please login to access the dashboard"', async () => {
    localStorage.setItem('isLoggedIn', 'true') // a stale flag, no tokens
    const error = vi.spyOn(toast, 'error')
    stubApi({
      '/users/me': [fail(401, 'Authentication required')],
      '/users/dashboard': [fail(401, 'Authentication required')],
    })
    renderAt('/dashboard/transactions', <DashboardPage />)
    await waitFor(() => {
      expect(currentPath()).toBe('/sign-in')
    })
    expect(error).toHaveBeenCalledExactlyOnceWith('Please login to access the dashboard')
    // The stale flag is gone, or /sign-in (a guest page) would send the visitor straight back.
    expect(localStorage.getItem('isLoggedIn')).toBeNull()
    expect(ui.isLogin).toBe(false)
  })

  it('leaves an expired session to the API client: its toast only, then /sign-in', async () => {
    logIn()
    const error = vi.spyOn(toast, 'error')
    stubApi({
      '/users/me': [fail(401, 'Token expired')],
      '/users/dashboard': [fail(401, 'Token expired')],
      '/auth/refresh-token': [fail(401, 'Refresh token revoked')],
    })
    renderAt('/dashboard', <DashboardPage />)
    await waitFor(() => {
      expect(currentPath()).toBe('/sign-in')
    })
    expect(error).toHaveBeenCalledExactlyOnceWith('Session expired. Please log in again.')
  })

  it('sends a user with neither a subscription nor a trial to /pricing with the toast', async () => {
    logIn()
    const error = vi.spyOn(toast, 'error')
    stubApi({
      '/users/me': [ok(meFixture({ trial_end: inDays(-1) }))],
      '/users/dashboard': [fail(402, 'You need an active subscription to access the dashboard.')],
    })
    renderAt('/dashboard', <DashboardPage />)
    await waitFor(() => {
      expect(currentPath()).toBe('/pricing')
    })
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'You need an active subscription to access the dashboard',
    )
    // Still logged in: they may buy a plan.
    expect(localStorage.getItem('accessToken')).toBe('access-1')
  })

  it('keeps Listings, Transactions and Settings open after the trial, and nothing else', async () => {
    logIn()
    const error = vi.spyOn(toast, 'error')
    stubApi({
      '/users/me': [ok(meFixture({ trial_end: inDays(-1) }))],
      '/users/dashboard': [fail(402, 'You need an active subscription to access the dashboard.')],
      '/listings': [ok({ items: [], page: 1, page_size: 10, total: 0 })],
    })
    const { user } = renderAt('/dashboard/settings', <DashboardPage />)
    expect(await screen.findByRole('region', { name: 'Delete account' })).toBeInTheDocument()
    expect(screen.getByText('Expired')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Listings', 'Transactions', 'Settings'])
    await user.click(within(nav).getByRole('link', { name: 'Listings' }))
    expect(await screen.findByText('No listings yet')).toBeInTheDocument()
    expect(error).not.toHaveBeenCalled()

    // Any other page: the plans, as before.
    window.history.pushState(null, '', '/dashboard/leads')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await waitFor(() => {
      expect(currentPath()).toBe('/pricing')
    })
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'You need an active subscription to access the dashboard',
    )
  })

  it('keeps what Settings saved when the agent leaves the page and comes back', async () => {
    logIn()
    stubApi({
      // The gate's load, then the PATCH's answer.
      '/users/me': [ok(meFixture()), ok(meFixture({ full_name: 'Ann B. Agent' }))],
      '/users/dashboard': [ok(dashboardFixture())],
      '/listings': [ok({ items: [], page: 1, page_size: 10, total: 0 })],
    })
    const { user } = renderAt('/dashboard/settings', <DashboardPage />)
    const profile = await screen.findByRole('region', { name: 'Profile' })
    const name = within(profile).getByLabelText('Full name')
    await user.clear(name)
    await user.type(name, 'Ann B. Agent')
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }))
    expect(await within(profile).findByText('Profile saved.')).toBeInTheDocument()

    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    await user.click(within(nav).getByRole('link', { name: 'Listings' }))
    expect(await screen.findByText('No listings yet')).toBeInTheDocument()
    await user.click(within(nav).getByRole('link', { name: 'Settings' }))
    const again = await screen.findByRole('region', { name: 'Profile' })
    expect(within(again).getByLabelText('Full name')).toHaveValue('Ann B. Agent')
  })

  it('lets a trial user in: badge, name and the interface state', async () => {
    logIn()
    const fetch = stubApi({
      '/users/me': [ok(meFixture({ full_name: 'Ann Agent', trial_end: inDays(4.2) }))],
      '/users/dashboard': [ok(dashboardFixture())],
    })
    renderAt(
      '/dashboard',
      <StrictMode>
        <DashboardPage />
      </StrictMode>,
    )
    const header = await screen.findByRole('banner')
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard')
    expect(within(header).getByText('Trial: 5 days left')).toBeInTheDocument()
    expect(within(header).getByText('Ann Agent')).toBeInTheDocument()
    expect(ui).toMatchObject({ userName: 'Ann Agent', remainingDays: 5, isTrial: true })
    expect(calledPaths(fetch)).toContain('/api/v1/users/me')
    expect(calledPaths(fetch)).toContain('/api/v1/users/dashboard')
    expect(document.title).toBe('Dashboard — ListingBridge')
  })

  it('lets a subscriber in with the days left of the subscription', async () => {
    logIn()
    stubApi({
      '/users/me': [
        ok(
          meFixture({
            is_subscribed: true,
            subscription_expiry: inDays(29.5),
            trial_end: inDays(-20),
          }),
        ),
      ],
      '/users/dashboard': [ok(dashboardFixture())],
    })
    renderAt('/dashboard', <DashboardPage />)
    expect(await screen.findByText('30 days left')).toBeInTheDocument()
    expect(ui).toMatchObject({ remainingDays: 30, isTrial: false })
  })

  it('keeps the session when the server cannot be reached, and tries again on request', async () => {
    logIn()
    const error = vi.spyOn(toast, 'error')
    let meCalls = 0
    stubApi({
      '/users/me': [
        () => {
          meCalls++
          if (meCalls === 1) throw new TypeError('Failed to fetch')
          return ok(meFixture())
        },
      ],
      '/users/dashboard': [ok(dashboardFixture())],
    })
    const { user } = renderAt('/dashboard', <DashboardPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred')
    expect(currentPath()).toBe('/dashboard')
    expect(localStorage.getItem('accessToken')).toBe('access-1')
    expect(error).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Trial: 5 days left')).toBeInTheDocument()
  })
})

describe('dashboard load failure (docs/product.md#messages)', () => {
  it.each([
    [
      'errors.message from the server',
      fail(500, 'The usage store is down'),
      'The usage store is down',
    ],
    ['"An error occurred" when the server gives none', json(500, {}), 'An error occurred'],
  ])('shows %s', async (_case, answer, message) => {
    logIn()
    stubApi({ '/users/me': [ok(meFixture())], '/users/dashboard': [answer] })
    renderAt('/dashboard', <DashboardPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('shows "An unexpected error occurred" for a failure that is not an HTTP answer', async () => {
    logIn()
    stubApi({
      '/users/me': [ok(meFixture())],
      '/users/dashboard': [ok({ not: 'a dashboard' })],
    })
    renderAt('/dashboard', <DashboardPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred')
  })

  it('loads again on Try again', async () => {
    logIn()
    stubApi({
      '/users/me': [ok(meFixture())],
      '/users/dashboard': [
        fail(503, 'Try later'),
        ok(dashboardFixture({ api_usage_last_seven_days: week(), total_api_calls: 42 })),
      ],
    })
    const { user } = renderAt('/dashboard', <DashboardPage />)
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('42')).toBeInTheDocument()
  })
})

describe('dashboard pages', () => {
  it('answers an unknown dashboard page inside the dashboard', async () => {
    logIn()
    stubApi({ '/users/me': [ok(meFixture())], '/users/dashboard': [ok(dashboardFixture())] })
    renderAt('/dashboard/nothing-here', <DashboardPage />)
    expect(await screen.findByText('This dashboard page does not exist.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })
})
