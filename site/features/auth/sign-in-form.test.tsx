import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ui } from '../../lib/store.ts'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import SignInPage from './sign-in-page.tsx'

const tokens = { access_token: 'access-1', refresh_token: 'refresh-1', user_id: 'user-1' }

function setup() {
  const view = renderAt('/sign-in', <SignInPage />)
  const email = screen.getByLabelText(/^email$/i)
  const password = screen.getByLabelText(/^password$/i)
  const remember = screen.getByRole('checkbox', { name: 'Remember me' })
  const submit = screen.getByRole('button', { name: 'Sign In' })
  async function signIn(values = { email: 'ann@example.com', password: 'secret-pass' }) {
    await view.user.type(email, values.email)
    await view.user.type(password, values.password)
    await view.user.click(submit)
  }
  return { ...view, email, password, remember, submit, signIn }
}

describe('sign-in (docs/product.md#login, #login-success, #messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    ui.userName = ''
    ui.isLogin = false
  })

  it('validates on every change, without waiting for blur or submit', async () => {
    const { email, password, user } = setup()
    await user.type(email, 'ann@')
    // Still in the field: nothing was blurred or submitted.
    expect(email).toHaveFocus()
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    await user.type(email, 'example.com')
    await waitFor(() => {
      expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument()
    })
    await user.type(password, 'x')
    await user.clear(password)
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
  })

  it('with Remember Me keeps the session in localStorage and goes to /dashboard', async () => {
    const fetch = stubFetch(ok({ ...tokens, username: 'Ann Agent' }))
    const { remember, user, signIn } = setup()
    await user.click(remember)
    await signIn()

    await waitFor(() => {
      expect(currentPath()).toBe('/dashboard')
    })
    expect(sent(fetch).body).toEqual({ email: 'ann@example.com', password: 'secret-pass' })
    expect(localStorage.getItem('accessToken')).toBe('access-1')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1')
    expect(localStorage.getItem('email')).toBe('ann@example.com')
    expect(localStorage.getItem('username')).toBe('Ann Agent')
    expect(sessionStorage.getItem('accessToken')).toBeNull()
    expect(ui.isLogin).toBe(true)
    expect(ui.userName).toBe('Ann Agent')
  })

  it('without Remember Me keeps the session in sessionStorage only', async () => {
    stubFetch(ok({ ...tokens, username: 'Ann Agent' }))
    const { signIn } = setup()
    await signIn()

    await waitFor(() => {
      expect(currentPath()).toBe('/dashboard')
    })
    expect(sessionStorage.getItem('accessToken')).toBe('access-1')
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-1')
    expect(localStorage.getItem('accessToken')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
  })

  it('falls back to the part of the e-mail before the @ when there is no username', async () => {
    stubFetch(ok(tokens))
    const { signIn } = setup()
    await signIn({ email: 'jane.doe@example.com', password: 'secret-pass' })

    await waitFor(() => {
      expect(currentPath()).toBe('/dashboard')
    })
    expect(sessionStorage.getItem('username')).toBe('jane.doe')
    expect(ui.userName).toBe('jane.doe')
  })

  it('shows the server message once, as the banner by the form, and keeps what was typed', async () => {
    const error = vi.spyOn(toast, 'error')
    stubFetch(fail(401, 'Invalid email or password.'))
    const { signIn, email, password } = setup()
    await signIn()

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.')
    // Not repeated in a toast away from the form.
    expect(error).not.toHaveBeenCalled()
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(1)
    expect(currentPath()).toBe('/sign-in')
    expect(email).toHaveValue('ann@example.com')
    expect(password).toHaveValue('secret-pass')
    expect(screen.queryByRole('button', { name: /resend/i })).not.toBeInTheDocument()
  })

  it('offers to resend the verification e-mail when login answers 403', async () => {
    const success = vi.spyOn(toast, 'success')
    const unverified = 'Please verify your email address before logging in.'
    const fetch = stubFetch(fail(403, unverified), ok({}, 200, 'A new link is on its way.'))
    const { signIn, user } = setup()
    await signIn()

    expect(await screen.findByRole('alert')).toHaveTextContent(unverified)
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }))

    await waitFor(() => {
      expect(fetch).toHaveBeenCalledTimes(2)
    })
    expect(sent(fetch, 1).url).toBe('/api/v1/auth/resend-verification')
    expect(sent(fetch, 1).body).toEqual({ email: 'ann@example.com' })
    expect(
      await screen.findByText(/on its way. Check your inbox and spam folder/),
    ).toBeInTheDocument()
    expect(success).toHaveBeenCalledOnce()
  })

  it('hands the new session to the installed extension (session sharing)', async () => {
    const sendMessage = vi.fn((_id: string, _message: unknown, reply: (r: unknown) => void) => {
      reply({ ok: true, value: true })
    })
    vi.stubGlobal('chrome', { runtime: { sendMessage } })
    stubFetch(ok({ ...tokens, username: 'Ann Agent' }))
    const { signIn } = setup()
    await signIn()

    await waitFor(() => {
      expect(sendMessage).toHaveBeenCalled()
    })
    expect(sendMessage.mock.calls[0]?.[1]).toEqual({ type: 'session:set', payload: tokens })
  })

  it('links to Forgot Password and Sign Up', () => {
    setup()
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up')
  })
})
