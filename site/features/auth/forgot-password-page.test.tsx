import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { renderAt } from '../../testing/render.tsx'
import ForgotPasswordPage from './forgot-password-page.tsx'

function setup() {
  const view = renderAt('/forgot-password', <ForgotPasswordPage />)
  const email = screen.getByLabelText(/^email$/i)
  const submit = screen.getByRole('button', { name: 'Send Reset Link' })
  return { ...view, email, submit }
}

describe('forgot password (docs/product.md#guest-pages, #messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('checks the e-mail pattern before asking the server', async () => {
    const fetch = stubFetch()
    const { email, submit, user } = setup()
    await user.type(email, 'not-an-email')
    await user.click(submit)
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends the reset form URL of this origin and replaces the form with Email Sent', async () => {
    const fetch = stubFetch(ok({}, 200, 'If an account exists…'))
    const { email, submit, user } = setup()
    await user.type(email, 'ann@example.com')
    await user.click(submit)

    expect(await screen.findByRole('heading', { name: 'Email Sent' })).toBeInTheDocument()
    expect(sent(fetch).url).toBe('/api/v1/auth/reset-password-request')
    expect(sent(fetch).body).toEqual({
      email: 'ann@example.com',
      reset_form_url: `${window.location.origin}/reset-password`,
    })
    expect(screen.queryByLabelText(/^email$/i)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/sign-in',
    )
  })

  it('shows the server message when the request fails', async () => {
    const error = vi.spyOn(toast, 'error')
    stubFetch(fail(429, 'Too many requests. Try again in a few minutes.'))
    const { email, submit, user } = setup()
    await user.type(email, 'ann@example.com')
    await user.click(submit)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in a few minutes.',
    )
    expect(error).not.toHaveBeenCalled()
    expect(screen.queryByRole('heading', { name: 'Email Sent' })).not.toBeInTheDocument()
  })

  it('says "Failed to process password reset request." when the server says nothing', async () => {
    const error = vi.spyOn(toast, 'error')
    stubFetch(new Response('', { status: 500 }))
    const { email, submit, user } = setup()
    await user.type(email, 'ann@example.com')
    await user.click(submit)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process password reset request.',
    )
    expect(error).not.toHaveBeenCalled()
  })
})
