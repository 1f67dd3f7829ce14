import { screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VerifyPaymentData } from '../../../api/schemas/payment.ts'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import PaymentSuccessPage from './payment-success-page.tsx'

// Noon UTC: the same calendar day in every time zone the tests may run in.
const charged: VerifyPaymentData = {
  subscription_id: 's1',
  plan: 'Pro Monthly',
  subscription_expiry: '2030-02-01T12:00:00.000Z',
  charge: {
    amount_in_usd: 49,
    currency: 'usd',
    date: '2030-01-01T12:00:00.000Z',
    status: 'charged',
  },
}
const scheduled: VerifyPaymentData = {
  subscription_id: 's2',
  plan: 'Pro Annual',
  subscription_expiry: '2030-12-01T12:00:00.000Z',
  charge: {
    amount_in_usd: 468,
    currency: 'usd',
    date: '2030-12-01T12:00:00.000Z',
    status: 'scheduled',
  },
}

/** The line that says what was or will be charged, and when. */
function chargeNote(): HTMLElement | null {
  return document.querySelector('[data-charge]')
}

function links(): Record<string, string | null> {
  return Object.fromEntries(
    screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
  )
}

describe('/success verifies the checkout before it says anything', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('while verifying shows a neutral "Confirming…", never "Payment Successful"', () => {
    stubFetch(new Promise<Response>(() => undefined))
    renderAt('/success?session_id=cs_test_pending', <PaymentSuccessPage />)
    const heading = screen.getByRole('heading', { name: 'Confirming your payment…' })
    // Announced as a status, politely.
    expect(heading.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByText(/Payment Successful/)).not.toBeInTheDocument()
  })

  it('a paid checkout: the plan, what was charged and when it renews; verified once, no toast', async () => {
    const success = vi.spyOn(toast, 'success')
    const fetch = stubFetch(ok(charged, 200, 'Payment Successful.'))
    renderAt(
      '/success?session_id=cs_test_paid',
      <StrictMode>
        <PaymentSuccessPage />
      </StrictMode>,
    )
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument()
    expect(screen.getByText('Pro Monthly')).toBeInTheDocument()
    expect(chargeNote()).toHaveTextContent(
      'We charged $49.00 on January 1, 2030. Your plan renews on February 1, 2030.',
    )
    expect(chargeNote()).toHaveAttribute('data-charge', 'charged')
    expect(links()).toEqual({
      'Back to Dashboard': '/dashboard',
      'Manage Subscription': '/dashboard/subscriptions',
    })
    expect(fetch).toHaveBeenCalledOnce()
    expect(sent(fetch).url).toBe('/api/v1/payment/verify-payment?session_id=cs_test_paid')
    // It stays, so the charge can be read.
    expect(currentPath()).toBe('/success')
    expect(success).not.toHaveBeenCalled()
  })

  it('bought during the trial: nothing charged today, and the day of the first charge', async () => {
    stubFetch(ok(scheduled, 200, 'Subscription started.'))
    renderAt('/success?session_id=cs_test_trial', <PaymentSuccessPage />)
    expect(await screen.findByRole('heading', { name: 'Subscription Started' })).toBeInTheDocument()
    expect(screen.queryByText(/Payment Successful/)).not.toBeInTheDocument()
    expect(screen.getByText(/You’re subscribed to/)).toHaveTextContent(
      'You’re subscribed to Pro Annual. Your free trial continues until December 1, 2030; nothing was charged today.',
    )
    expect(chargeNote()).toHaveTextContent('Your first charge of $468.00 is on December 1, 2030.')
    expect(chargeNote()).toHaveAttribute('data-charge', 'scheduled')
  })

  it('an unknown session: says no payment was found and offers pricing and the dashboard', async () => {
    stubFetch(fail(404, 'Payment session not found.'))
    renderAt('/success?session_id=cs_test_nope', <PaymentSuccessPage />)
    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument()
    expect(screen.getByText(/We could not find a payment for this link/)).toBeInTheDocument()
    expect(links()).toEqual({ 'See Plans': '/pricing', 'Back to Dashboard': '/dashboard' })
    expect(screen.queryByText(/Successful|receipt/i)).not.toBeInTheDocument()
  })

  it('without a session_id makes no call and says there is no payment to show', () => {
    const fetch = stubFetch()
    renderAt('/success', <PaymentSuccessPage />)
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument()
  })

  it.each([
    [409, 'This checkout has not been paid. No charges were made.'],
    [409, 'This checkout was cancelled. No charges were made.'],
    [410, 'This checkout has expired. No charges were made.'],
  ])(
    'a checkout that bought nothing (%i): says what happened and offers to try again',
    async (status, message) => {
      stubFetch(fail(status, message))
      renderAt(
        `/success?session_id=cs_test_${String(status)}_${message.length}`,
        <PaymentSuccessPage />,
      )
      expect(
        await screen.findByRole('heading', { name: 'Payment Not Completed' }),
      ).toBeInTheDocument()
      expect(screen.getByText(message)).toBeInTheDocument()
      expect(links()).toEqual({
        'Try Payment Again': '/pricing',
        'Back to Dashboard': '/dashboard',
      })
    },
  )

  it('no answer: says it could not confirm, and Try Again asks again', async () => {
    const fetch = stubFetch(
      Promise.reject(new TypeError('offline')),
      ok(charged, 200, 'Payment Successful.'),
    )
    const { user } = renderAt('/success?session_id=cs_test_offline', <PaymentSuccessPage />)
    expect(
      await screen.findByRole('heading', { name: 'We Could Not Confirm Your Payment' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/Could not reach the server/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
