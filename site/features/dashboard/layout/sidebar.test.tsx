import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setIsLogin, setIsTrial, setRemainingDays, setUserName, ui } from '../../../lib/store.ts'
import { ok, stubFetch } from '../../../testing/http.ts'
import { currentPath, renderAt } from '../../../testing/render.tsx'
import { StatusBadge } from './status-badge.tsx'
import { DashboardLayout } from './dashboard-layout.tsx'
import { SIDEBAR_COLLAPSED_KEY } from './sidebar-state.ts'

function renderLayout(path = '/dashboard', isAdmin = false) {
  return renderAt(
    path,
    <DashboardLayout title="Dashboard" known isAdmin={isAdmin}>
      <p>page</p>
    </DashboardLayout>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('dashboard sidebar (docs/product.md#dashboard)', () => {
  it('lists Dashboard, Listings, Subscriptions, Transactions, Leads, Settings and Logout, marking the current page', () => {
    renderLayout('/dashboard/subscriptions')
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Listings', '/dashboard/listings'],
      ['Subscriptions', '/dashboard/subscriptions'],
      ['Transactions', '/dashboard/transactions'],
      ['Leads', '/dashboard/leads'],
      ['Settings', '/dashboard/settings'],
    ])
    expect(within(nav).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('lists Form health for an operator only (issue 11)', () => {
    const { unmount } = renderLayout('/dashboard/form-health')
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    expect(within(nav).queryByRole('link', { name: 'Form health' })).not.toBeInTheDocument()
    expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument()
    unmount()
    renderLayout('/dashboard/form-health', true)
    const adminNav = screen.getByRole('navigation', { name: 'Dashboard' })
    expect(within(adminNav).getAllByRole('link').at(-1)).toHaveTextContent('Form health')
    expect(within(adminNav).getByRole('link', { name: 'Form health' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('lists only the pages open without a subscription once access has ended', () => {
    renderAt(
      '/dashboard/settings',
      <DashboardLayout title="Settings" known hasAccess={false}>
        <p>page</p>
      </DashboardLayout>,
    )
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Listings', 'Transactions', 'Settings'])
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('collapses and expands with a button that says its state, and remembers it', async () => {
    const { user, unmount } = renderLayout()
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-nav')

    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    expect(document.querySelector('aside')).toHaveAttribute('data-collapsed', 'true')
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true')
    // Collapsed, every item keeps its name (for screen readers, and as a tooltip).
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'title',
      'Transactions',
    )
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()

    // A later visit starts collapsed.
    unmount()
    renderLayout()
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }))
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false')
  })

  it('is reachable by keyboard: Tab goes from the toggle to the links', async () => {
    const { user } = renderLayout()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(currentPath()).toBe('/dashboard/listings')
  })

  it('puts the pages not used day to day and Logout under More on a phone, the current one marked', async () => {
    const { user } = renderLayout('/dashboard/settings', true)
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    const more = within(nav).getByRole('button', { name: 'More' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(more).toHaveAttribute('aria-current', 'true')
    expect(more).not.toHaveAttribute('aria-controls')

    await user.click(more)
    expect(more).toHaveAttribute('aria-expanded', 'true')
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '')
    if (!list) throw new Error('More controls no list')
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Subscriptions', 'Transactions', 'Settings', 'Form health'])
    expect(within(list).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(list).getByRole('button', { name: 'Logout' })).toBeInTheDocument()

    // Tab walks into the list; Escape closes it and gives focus back to More.
    await user.tab()
    expect(within(list).getByRole('link', { name: 'Subscriptions' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(more).toHaveFocus()
    expect(list).not.toBeInTheDocument()

    // Following a page in it closes it; so does a click elsewhere.
    await user.click(more)
    await user.click(within(nav).getAllByRole('link', { name: 'Transactions' }).at(-1) ?? more)
    expect(currentPath()).toBe('/dashboard/transactions')
    expect(more).toHaveAttribute('aria-expanded', 'false')
    await user.click(more)
    await user.click(screen.getByText('page'))
    expect(more).toHaveAttribute('aria-expanded', 'false')
  })

  it('has no More when every item fits the phone bar (access ended)', () => {
    renderAt(
      '/dashboard/settings',
      <DashboardLayout title="Settings" known hasAccess={false}>
        <p>page</p>
      </DashboardLayout>,
    )
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('logs out: storage and the store are cleared, the server is told, then /sign-in', async () => {
    localStorage.setItem('accessToken', 'access-1')
    localStorage.setItem('refresh_token', 'refresh-1')
    localStorage.setItem('username', 'Ann')
    sessionStorage.setItem('accessToken', 'access-2')
    setIsLogin(true)
    setUserName('Ann Agent')
    setRemainingDays(5)
    setIsTrial(true)
    const fetch = stubFetch(ok({}))
    const { user } = renderLayout()
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(currentPath()).toBe('/sign-in')
    expect(ui).toMatchObject({ isLogin: false, userName: '', remainingDays: 0, isTrial: false })
    expect(localStorage.getItem('accessToken')).toBeNull()
    expect(localStorage.getItem('username')).toBeNull()
    expect(sessionStorage.getItem('accessToken')).toBeNull()
    await waitFor(() => {
      expect(fetch).toHaveBeenCalledWith('/api/v1/auth/logout', expect.anything())
    })
  })
})

describe('header badge (docs/product.md#header-badge)', () => {
  it.each([
    [null, false, null],
    [0, true, 'Expired'],
    [0, false, 'Expired'],
    [1, true, 'Trial: 1 day left'],
    [6, true, 'Trial: 6 days left'],
    [1, false, '1 day left'],
    [30, false, '30 days left'],
  ])('days %s, trial %s → %s', (days, isTrial, text) => {
    const { container } = renderAt('/dashboard', <StatusBadge days={days} isTrial={isTrial} />)
    const badge = container.querySelector('[data-status-badge]')
    if (text === null) expect(badge).toBeNull()
    else expect(badge).toHaveTextContent(text)
  })
})
