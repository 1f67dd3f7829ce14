import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Plan } from '../../../api/schemas/plans.ts'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import PricingPage from './pricing-page.tsx'

const features = ['Unlimited conversions', 'Usage analytics dashboard']
function plan(id: string, cycle: Plan['billing_cycle'], amount: number): Plan {
  const name = cycle === 'monthly' ? 'Pro Monthly' : 'Pro Annual'
  return { id, package_name: name, billing_cycle: cycle, amount, features }
}
const monthly = plan('pro-monthly', 'monthly', 49)
const annual = plan('pro-annual', 'annual', 39)

async function setup(plans: Plan[], ...more: (Response | Promise<Response>)[]) {
  const fetch = stubFetch(ok(plans), ...more)
  const view = renderAt('/pricing', <PricingPage />)
  await waitFor(() => {
    expect(screen.queryByRole('status', { name: 'Loading plans' })).not.toBeInTheDocument()
  })
  return { fetch, ...view }
}

describe('pricing page (/pricing, the pricing cycle)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows the headline, the trial sub-line and the monthly plan by default', async () => {
    const { fetch } = await setup([monthly, annual])
    expect(sent(fetch).url).toBe('/api/v1/admin/packages/all-plans')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/real estate potential/i)
    expect(
      screen.getByText(
        'Try ListingBridge Pro risk-free with our 7-day free trial. No credit card required to start.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked()
    expect(screen.getByRole('heading', { name: 'Pro Monthly' })).toBeInTheDocument()
    expect(screen.getByText('Complete Property Listing Automation')).toBeInTheDocument()
    expect(screen.getByText('$49')).toBeInTheDocument()
    expect(screen.getByText('/month')).toBeInTheDocument()
    expect(screen.getByText('Billed monthly')).toBeInTheDocument()
    for (const feature of features) expect(screen.getByText(feature)).toBeInTheDocument()
    expect(screen.getByText('No credit card required for trial.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View FAQs' })).toHaveAttribute('href', '/faq')
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/contact-us',
    )
  })

  it('switches to the annual plan: its monthly price and 12 times it billed annually', async () => {
    const { user } = await setup([monthly, annual])
    await user.click(screen.getByRole('radio', { name: /Annual/ }))
    expect(screen.getByRole('radio', { name: /Annual/ })).toBeChecked()
    expect(screen.getByRole('heading', { name: 'Pro Annual' })).toBeInTheDocument()
    expect(screen.getByText('$39')).toBeInTheDocument()
    expect(screen.getByText('$468 billed annually')).toBeInTheDocument()
    expect(screen.queryByText('Billed monthly')).not.toBeInTheDocument()
  })

  it('shows cents when the annual total has them', async () => {
    const { user } = await setup([monthly, plan('a', 'annual', 33.33)])
    await user.click(screen.getByRole('radio', { name: /Annual/ }))
    expect(screen.getByText('$33.33')).toBeInTheDocument()
    expect(screen.getByText('$399.96 billed annually')).toBeInTheDocument()
  })

  it.each([
    [49, 39, 'Annual (Save 20%)'],
    [50, 33, 'Annual (Save 34%)'],
    [30, 19.9, 'Annual (Save 34%)'],
    [30, 20.2, 'Annual (Save 33%)'],
    [30, 29.9, 'Annual'],
    [49, 49, 'Annual'],
    [39, 49, 'Annual'],
  ])('labels Annual by the rounded discount (%s → %s a month)', async (m, a, label) => {
    await setup([plan('m', 'monthly', m), plan('a', 'annual', a)])
    expect(screen.getByRole('radio', { name: label })).toBeInTheDocument()
  })

  it('says so when no plan matches the chosen cycle', async () => {
    const { user } = await setup([monthly])
    expect(screen.getByRole('radio', { name: 'Annual' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Annual' }))
    expect(screen.getByText('No plan available for this billing cycle.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument()
  })

  it('logs a failed plan request without a toast', async () => {
    const errorToast = vi.spyOn(toast, 'error')
    stubFetch(fail(500, 'Server down'))
    renderAt('/pricing', <PricingPage />)
    expect(await screen.findByText('No plan available for this billing cycle.')).toBeInTheDocument()
    expect(console.error).toHaveBeenCalled()
    expect(errorToast).not.toHaveBeenCalled()
  })
})

describe('Get Started (checkout)', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    assign = vi.fn<(url: string | URL) => void>()
    vi.spyOn(window.location, 'assign').mockImplementation(assign)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  function logIn() {
    localStorage.setItem('accessToken', 'token-1')
    localStorage.setItem('email', 'ann@example.com')
  }

  it('without a stored e-mail asks to log in and goes to /sign-in, calling nothing', async () => {
    const errorToast = vi.spyOn(toast, 'error')
    const { fetch, user } = await setup([monthly, annual])
    await user.click(screen.getByRole('button', { name: 'Get Started' }))
    expect(errorToast).toHaveBeenCalledWith('Please log in to proceed with the subscription.')
    expect(currentPath()).toBe('/sign-in')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(assign).not.toHaveBeenCalled()
  })

  it('calls checkout with the plan and the e-mail and goes to checkout_url', async () => {
    logIn()
    const { fetch, user } = await setup(
      [monthly, annual],
      ok({ checkout_url: 'https://pay.example.com/session/1' }),
    )
    await user.click(screen.getByRole('radio', { name: /Annual/ }))
    await user.click(screen.getByRole('button', { name: 'Get Started' }))
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://pay.example.com/session/1')
    })
    const request = sent(fetch, 1)
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/v1/payment/checkout?plan_id=pro-annual&email=ann%40example.com')
    expect(request.headers.authorization).toBe('Bearer token-1')
  })

  it.each([
    ['an empty checkout_url', ok({ checkout_url: '' })],
    ['no checkout_url', ok({}, 200, 'Stripe is not configured')],
  ])('with %s says checkout could not start', async (_case, answer) => {
    logIn()
    const errorToast = vi.spyOn(toast, 'error')
    const { user } = await setup([monthly, annual], answer)
    await user.click(screen.getByRole('button', { name: 'Get Started' }))
    await waitFor(() => {
      expect(errorToast).toHaveBeenCalledWith('Failed to initiate checkout. Please try again.')
    })
    expect(assign).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeEnabled()
  })

  it('on a failed request shows the subscription error', async () => {
    logIn()
    const errorToast = vi.spyOn(toast, 'error')
    const { user } = await setup([monthly, annual], fail(500, 'Payment provider down'))
    await user.click(screen.getByRole('button', { name: 'Get Started' }))
    await waitFor(() => {
      expect(errorToast).toHaveBeenCalledWith(
        'An error occurred during subscription. Please try again later.',
      )
    })
    expect(assign).not.toHaveBeenCalled()
  })

  it('asks to log in when an e-mail is stored but nobody is logged in', async () => {
    localStorage.setItem('email', 'ann@example.com')
    const errorToast = vi.spyOn(toast, 'error')
    const { user } = await setup([monthly, annual], fail(401, 'Authentication required'))
    await user.click(screen.getByRole('button', { name: 'Get Started' }))
    await waitFor(() => {
      expect(errorToast).toHaveBeenCalledWith('Please log in to proceed with the subscription.')
    })
    expect(currentPath()).toBe('/sign-in')
  })

  it('is busy while the checkout call runs', async () => {
    logIn()
    let answer: (response: Response) => void = () => undefined
    const pending = new Promise<Response>((resolve) => {
      answer = resolve
    })
    const { user } = await setup([monthly, annual], pending)
    const button = screen.getByRole('button', { name: 'Get Started' })
    await user.click(button)
    expect(button).toBeDisabled()
    answer(ok({ checkout_url: 'https://pay.example.com/s' }))
    await waitFor(() => {
      expect(assign).toHaveBeenCalled()
    })
  })
})
