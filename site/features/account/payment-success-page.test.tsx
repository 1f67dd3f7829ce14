import { screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import PaymentSuccessPage from './payment-success-page.tsx'

const paid = {
  subscription_id: 's1',
  plan: 'Pro Monthly',
  subscription_expiry: '2030-01-01T00:00:00.000Z',
}

describe('/success (SPEC §2, §7, §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('verifies session_id once, toasts "Payment Successful." and goes to /dashboard', async () => {
    const success = vi.spyOn(toast, 'success')
    const fetch = stubFetch(ok(paid))
    renderAt(
      '/success?session_id=cs_test_1',
      <StrictMode>
        <PaymentSuccessPage />
      </StrictMode>,
    )
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument()

    await waitFor(() => {
      expect(currentPath()).toBe('/dashboard')
    })
    expect(fetch).toHaveBeenCalledOnce()
    expect(sent(fetch).url).toBe('/api/v1/payment/verify-payment?session_id=cs_test_1')
    expect(success).toHaveBeenCalledOnce()
    expect(success).toHaveBeenCalledWith('Payment Successful.')
  })

  it('only logs a failed verification and stays on the page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const error = vi.spyOn(toast, 'error')
    stubFetch(fail(400, 'Unknown checkout session.'))
    renderAt('/success?session_id=cs_test_2', <PaymentSuccessPage />)

    await waitFor(() => {
      expect(logged).toHaveBeenCalled()
    })
    expect(error).not.toHaveBeenCalled()
    expect(currentPath()).toBe('/success')
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('without a session_id makes no call', () => {
    const fetch = stubFetch()
    renderAt('/success', <PaymentSuccessPage />)
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument()
  })
})
