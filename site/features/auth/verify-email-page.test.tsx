import { screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { renderAt } from '../../testing/render.tsx'
import VerifyEmailPage from './verify-email-page.tsx'

function visit(token: string) {
  return renderAt(
    `/verify-email/${token}`,
    <StrictMode>
      <Route path="/verify-email/:token" component={VerifyEmailPage} />
    </StrictMode>,
  )
}

describe('/verify-email/{token} (docs/product.md#page-verify-email)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('calls the API once, even under StrictMode, and shows verifying until it answers', async () => {
    let answer: (response: Response) => void = () => undefined
    const fetch = stubFetch(
      new Promise<Response>((resolve) => {
        answer = resolve
      }),
    )
    visit('token-once')

    expect(
      await screen.findByRole('heading', { name: /verifying your email/i }),
    ).toBeInTheDocument()
    answer(ok({ status: 'success' }))
    expect(await screen.findByRole('heading', { name: 'Email Verified' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledOnce()
    expect(sent(fetch).url).toBe('/api/v1/auth/verify-email/token-once')
  })

  it('on success shows Email Verified and a Go to Login button to /sign-in', async () => {
    stubFetch(ok({ status: 'success' }))
    visit('token-good')
    expect(await screen.findByRole('heading', { name: 'Email Verified' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/sign-in')
  })

  it('when data.status is not success shows Verification Failed', async () => {
    stubFetch(ok({ status: 'pending' }))
    visit('token-odd')
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument()
  })

  it('on failure shows Verification Failed and a form for a new link', async () => {
    const fetch = stubFetch(
      fail(400, 'This verification link is invalid or has expired.'),
      ok({}, 200, 'On its way'),
    )
    const { user } = visit('token-bad')

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument()
    expect(screen.getByText(/may be expired or invalid/)).toBeInTheDocument()

    await user.type(screen.getByLabelText(/^email$/i), 'ann@example.com')
    await user.click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText(/Check your inbox and spam folder/)).toBeInTheDocument()
    expect(sent(fetch, 1).url).toBe('/api/v1/auth/resend-verification')
    expect(sent(fetch, 1).body).toEqual({ email: 'ann@example.com' })
  })
})
