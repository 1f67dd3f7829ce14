import { screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { renderAt } from '../../testing/render.tsx'
import ConfirmEmailPage, { CONFIRM_FAILED_MESSAGE } from './confirm-email-page.tsx'

function visit(token: string) {
  return renderAt(
    `/confirm-email/${token}`,
    <StrictMode>
      <Route path="/confirm-email/:token" component={ConfirmEmailPage} />
    </StrictMode>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('/confirm-email/{token}', () => {
  it('confirms once, even under StrictMode, and says the new address', async () => {
    let answer: (response: Response) => void = () => undefined
    const fetch = stubFetch(
      new Promise<Response>((resolve) => {
        answer = resolve
      }),
    )
    visit('token-once')
    expect(
      await screen.findByRole('heading', { name: /confirming your e-mail/i }),
    ).toBeInTheDocument()
    answer(ok({ email: 'ann.new@example.com' }))
    expect(await screen.findByRole('heading', { name: 'E-mail changed' })).toBeInTheDocument()
    expect(screen.getByText(/Your e-mail is now/)).toHaveTextContent(
      'Your e-mail is now ann.new@example.com.',
    )
    expect(fetch).toHaveBeenCalledOnce()
    expect(sent(fetch).url).toBe('/api/v1/users/confirm-email/token-once')
    // Set in an effect, which a loaded machine may run after the heading shows.
    await waitFor(() => {
      expect(document.title).toContain('E-mail changed')
    })
  })

  it('leads a visitor who is not signed in to the login, a signed-in one to Settings', async () => {
    stubFetch(ok({ email: 'ann.new@example.com' }))
    const { unmount } = visit('token-guest')
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/sign-in',
    )
    unmount()
    localStorage.setItem('accessToken', 'access-1')
    stubFetch(ok({ email: 'ann.new@example.com' }))
    visit('token-member')
    expect(await screen.findByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    )
  })

  it('shows the server’s reason when the link does not work', async () => {
    stubFetch(fail(400, 'This link has expired. Change your e-mail again for a new one.'))
    visit('token-old')
    expect(await screen.findByRole('heading', { name: 'E-mail not changed' })).toBeInTheDocument()
    expect(
      screen.getByText('This link has expired. Change your e-mail again for a new one.'),
    ).toBeInTheDocument()
  })

  it('falls back to its own words when the server gives none', async () => {
    stubFetch(new Response('', { status: 500 }))
    visit('token-broken')
    expect(await screen.findByText(CONFIRM_FAILED_MESSAGE)).toBeInTheDocument()
  })
})
