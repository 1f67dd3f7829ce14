import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../../lib/toast.tsx'
import { fail, json, ok, sent } from '../../../testing/http.ts'
import { currentPath, renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import { formatDate } from '../format.ts'
import { calledPaths, dashboardFixture, inDays, meFixture, stubApi } from '../testing/fixtures.ts'

// Far ahead: the header counts days from the real clock.
const expiry = '2036-11-22T12:00:00.000Z'
const subscriber = meFixture({
  is_subscribed: true,
  subscription_expiry: expiry,
  subscription_state: 'renewing',
  trial_end: null,
})
const paid = dashboardFixture({
  active_subscription_id: 'sub-1',
  current_plan: 'Pro Annual',
  subscription_expiry: expiry,
  cancel_at_period_end: false,
  subscription_state: 'renewing',
  next_charge_in_usd: 468,
})
const cancelled = {
  ...paid,
  cancel_at_period_end: true,
  subscription_state: 'ending' as const,
  next_charge_in_usd: null,
}

/** The header's badge. */
function badge(): HTMLElement | null {
  return document.querySelector('[data-status-badge]')
}

function logIn() {
  localStorage.setItem('accessToken', 'access-1')
}

async function openSubscriptions(routes: Parameters<typeof stubApi>[0]) {
  logIn()
  const fetch = stubApi(routes)
  const view = renderAt('/dashboard/subscriptions', <DashboardPage />)
  await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })
  return { fetch, ...view }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('trial box on /dashboard/subscriptions', () => {
  it('shows the days left, the expiry date and Upgrade Plan to /pricing', async () => {
    const trialEnd = inDays(2.5)
    const { user } = await openSubscriptions({
      '/users/me': [ok(meFixture({ trial_end: trialEnd }))],
      '/users/dashboard': [ok(dashboardFixture())],
    })
    const box = screen.getByRole('region', { name: 'Free Trial' })
    expect(within(box).getByText('3 days')).toBeInTheDocument()
    expect(box.querySelector('[data-fact="days-left"]')).toHaveTextContent('3')
    expect(box.querySelector('[data-fact="expiry"]')).toHaveTextContent(formatDate(trialEnd))
    expect(within(box).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/pricing',
    )
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument()
    await user.click(within(box).getByRole('link', { name: 'Upgrade Plan' }))
    expect(currentPath()).toBe('/pricing')
  })
})

describe('paid plan and cancelling (docs/product.md#cancel)', () => {
  it('shows the plan, when it renews (MM/DD/YYYY) and for how much, and the note about staying active', async () => {
    await openSubscriptions({ '/users/me': [ok(subscriber)], '/users/dashboard': [ok(paid)] })
    const plan = await screen.findByRole('region', { name: 'Pro Annual' })
    expect(plan.querySelector('[data-fact="plan"]')).toHaveTextContent('Pro Annual')
    expect(plan.querySelector('[data-fact="expiry"]')).toHaveTextContent('11/22/2036')
    expect(within(plan).getByText('Renews on')).toBeInTheDocument()
    expect(plan.querySelector('[data-fact="next-charge"]')).toHaveTextContent('$468.00')
    expect(plan).toHaveTextContent(
      'If you cancel, your plan stays active until its expiry date (11/22/2036) and is then downgraded.',
    )
    expect(within(plan).getByText('Active')).toBeInTheDocument()
    // Not a countdown that reads like a warning.
    expect(badge()).toHaveTextContent('Renews on 11/22/2036')
    expect(screen.queryByText(/days left/)).not.toBeInTheDocument()
  })

  it('bought during the trial: the trial’s days, the first charge and its date; cancelling charges nothing', async () => {
    const trialEnd = inDays(4.5)
    const { user } = await openSubscriptions({
      '/users/me': [
        ok(
          meFixture({
            is_subscribed: true,
            subscription_expiry: trialEnd,
            subscription_state: 'trialing',
            trial_end: trialEnd,
          }),
        ),
      ],
      '/users/dashboard': [
        ok({
          ...paid,
          current_plan: 'Pro Monthly',
          subscription_expiry: trialEnd,
          subscription_state: 'trialing',
          next_charge_in_usd: 49,
        }),
      ],
    })
    const plan = await screen.findByRole('region', { name: 'Pro Monthly' })
    const day = formatDate(trialEnd)
    expect(within(plan).getByText('Free trial')).toBeInTheDocument()
    expect(within(plan).getByText('Free trial until')).toBeInTheDocument()
    expect(plan.querySelector('[data-fact="expiry"]')).toHaveTextContent(day)
    expect(plan.querySelector('[data-fact="next-charge"]')).toHaveTextContent('$49.00')
    expect(plan).toHaveTextContent(
      `Your free trial continues until ${day}; your first charge of $49.00 is on ${day}.`,
    )
    expect(badge()).toHaveTextContent('Trial: 5 days left')

    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }))
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      `Your free trial and your Pro Monthly plan stay active until ${day}. After that your account is downgraded, and nothing is ever charged.`,
    )
  })

  it('cancels after confirming: the call, the toast, and the reloaded data', async () => {
    const success = vi.spyOn(toast, 'success')
    const { fetch, user } = await openSubscriptions({
      '/users/me': [ok(subscriber)],
      '/users/dashboard': [ok(paid), ok(cancelled)],
      '/payment/cancel-subscription': [
        ok({ subscription_id: 'sub-1', cancel_at_period_end: true, subscription_expiry: expiry }),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' })
    expect(dialog).toHaveTextContent('Your Pro Annual plan stays active until 11/22/2036')
    // Nothing happens until confirmed.
    expect(calledPaths(fetch)).not.toContain('/api/v1/payment/cancel-subscription')

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }))
    await waitFor(() => {
      expect(success).toHaveBeenCalledWith('Subscription canceled successfully.')
    })
    const cancelCall = calledPaths(fetch).indexOf('/api/v1/payment/cancel-subscription')
    expect(sent(fetch, cancelCall).body).toEqual({ subscription_id: 'sub-1' })
    const plan = screen.getByRole('region', { name: 'Pro Annual' })
    expect(await within(plan).findByText('Cancelled')).toBeInTheDocument()
    expect(within(plan).getByText('Ends on')).toBeInTheDocument()
    expect(plan.querySelector('[data-fact="next-charge"]')).toHaveTextContent('None')
    // The header follows the reloaded data.
    expect(badge()).toHaveTextContent('Ends on 11/22/2036')
    expect(calledPaths(fetch).filter((p) => p === '/api/v1/users/dashboard')).toHaveLength(2)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument()
  })

  it('keeps the subscription when the dialog is dismissed', async () => {
    const { fetch, user } = await openSubscriptions({
      '/users/me': [ok(subscriber)],
      '/users/dashboard': [ok(paid)],
    })
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Keep Subscription' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }))
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(calledPaths(fetch)).not.toContain('/api/v1/payment/cancel-subscription')
  })

  it('without a subscription id says "No active subscription found." and asks nothing', async () => {
    const error = vi.spyOn(toast, 'error')
    const { fetch, user } = await openSubscriptions({
      '/users/me': [ok(subscriber)],
      '/users/dashboard': [ok({ ...paid, active_subscription_id: null })],
    })
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    expect(error).toHaveBeenCalledWith('No active subscription found.')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(calledPaths(fetch)).not.toContain('/api/v1/payment/cancel-subscription')
  })

  it.each<[string, () => Response | Promise<Response>, string]>([
    [
      'errors.message',
      () => fail(409, 'This subscription is already cancelled.'),
      'This subscription is already cancelled.',
    ],
    [
      '"Failed to cancel subscription" without one',
      () => json(500, {}),
      'Failed to cancel subscription',
    ],
    [
      '"Failed to cancel subscription" with no answer',
      () => Promise.reject(new TypeError('offline')),
      'Failed to cancel subscription',
    ],
  ])('on failure shows %s', async (_case, answer, message) => {
    const error = vi.spyOn(toast, 'error')
    const { user } = await openSubscriptions({
      '/users/me': [ok(subscriber)],
      '/users/dashboard': [ok(paid)],
      '/payment/cancel-subscription': [answer],
    })
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Subscription' }))
    await waitFor(() => {
      expect(error).toHaveBeenCalledWith(message)
    })
    expect(screen.getByText('Active')).toBeInTheDocument()
  })

  it('shows no toast of its own for a 401 (the API client handles the session)', async () => {
    const error = vi.spyOn(toast, 'error')
    const success = vi.spyOn(toast, 'success')
    const { user } = await openSubscriptions({
      '/users/me': [ok(subscriber)],
      '/users/dashboard': [ok(paid)],
      '/payment/cancel-subscription': [fail(401, 'Token expired')],
      '/auth/refresh-token': [fail(401, 'Refresh token revoked')],
    })
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Subscription' }))
    await waitFor(() => {
      expect(currentPath()).toBe('/sign-in')
    })
    expect(error).toHaveBeenCalledExactlyOnceWith('Session expired. Please log in again.')
    expect(success).not.toHaveBeenCalled()
  })
})
