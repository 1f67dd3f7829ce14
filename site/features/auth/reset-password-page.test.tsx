import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import ResetPasswordPage from './reset-password-page.tsx'

let tokens = 0

/**
 * The page at a fresh token (each is checked once per page life), its check on load answered
 * "valid", then `answers` for the calls the test makes; waits for the form.
 */
async function setup(...answers: (Response | Promise<Response>)[]) {
  const token = `reset-token-${String(++tokens)}`
  const fetch = stubFetch(ok({ valid: true }), ...answers)
  const view = renderAt(`/reset-password?token=${token}`, <ResetPasswordPage />)
  await screen.findByLabelText(/^new password$/i)
  return { ...view, fetch, token }
}
function inputs() {
  return {
    password: screen.getByLabelText(/^new password$/i),
    confirm: screen.getByLabelText(/^confirm password$/i),
    submit: screen.getByRole('button', { name: 'Reset Password' }),
  }
}

describe('reset password (docs/product.md#password-reset, #messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('without a token: error toast "Invalid or missing reset token" and /sign-in', async () => {
    const error = vi.spyOn(toast, 'error')
    renderAt('/reset-password', <ResetPasswordPage />)
    await waitFor(() => {
      expect(currentPath()).toBe('/sign-in')
    })
    expect(error).toHaveBeenCalledWith('Invalid or missing reset token')
    expect(error).toHaveBeenCalledOnce()
  })

  it('checks the link on load: a dead one says so, with a way to a new one, and no form', async () => {
    const message = 'This password reset link is invalid or has expired. Please request a new one.'
    const fetch = stubFetch(fail(410, message))
    renderAt('/reset-password?token=used-or-expired', <ResetPasswordPage />)
    expect(screen.getByRole('heading', { name: 'Checking your reset link…' })).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'This reset link is invalid or has expired' }),
    ).toBeInTheDocument()
    expect(sent(fetch).url).toBe('/api/v1/auth/reset-password/used-or-expired')
    expect(screen.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/sign-in',
    )
    expect(screen.queryByLabelText(/^new password$/i)).not.toBeInTheDocument()
    expect(currentPath()).toBe('/reset-password')
  })

  it('offers the form when the check gets no answer: the submit will tell', async () => {
    stubFetch(Promise.reject(new TypeError('offline')))
    renderAt('/reset-password?token=unchecked', <ResetPasswordPage />)
    expect(await screen.findByLabelText(/^new password$/i)).toBeInTheDocument()
  })

  it('keeps submit disabled until both passwords are filled', async () => {
    const { user } = await setup()
    const { password, confirm, submit } = inputs()
    expect(submit).toBeDisabled()
    await user.type(password, 'Str0ng!pass')
    expect(submit).toBeDisabled()
    await user.type(confirm, 'S')
    expect(submit).toBeEnabled()
  })

  it('says "Passwords do not match" and "Please confirm your password"', async () => {
    const { user, fetch } = await setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pasS')
    await user.click(submit)
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    await user.clear(confirm)
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument()
    // Only the link's check on load.
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('enforces the minimum length', async () => {
    const { user, fetch } = await setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Ab1!')
    await user.type(confirm, 'Ab1!')
    await user.click(submit)
    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument()
    // Only the link's check on load.
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('ticks the listed requirements as they are met, but does not enforce them', async () => {
    const { user, fetch } = await setup(ok())
    const { password, confirm, submit } = inputs()
    const rule = (name: string) => screen.getByText(name).closest('li')
    expect(rule('A number')).toHaveAttribute('data-met', 'false')
    await user.type(password, 'alllowercase')
    expect(rule('8+ characters')).toHaveAttribute('data-met', 'true')
    expect(rule('A lower case letter')).toHaveAttribute('data-met', 'true')
    expect(rule('An upper case letter')).toHaveAttribute('data-met', 'false')
    expect(rule('A number')).toHaveAttribute('data-met', 'false')
    expect(rule('A special character')).toHaveAttribute('data-met', 'false')
    await user.type(password, 'A1!')
    expect(rule('An upper case letter')).toHaveAttribute('data-met', 'true')
    expect(rule('A number')).toHaveAttribute('data-met', 'true')
    expect(rule('A special character')).toHaveAttribute('data-met', 'true')
    await user.clear(password)
    await user.type(password, 'alllowercase')
    await user.type(confirm, 'alllowercase')
    await user.click(submit)
    await waitFor(() => {
      expect(fetch).toHaveBeenCalledTimes(2)
    })
  })

  it('sends the token and password, then shows Password Reset Successful with Sign In', async () => {
    const { user, fetch, token } = await setup(ok({}, 200, 'Your password has been reset.'))
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pass')
    await user.click(submit)

    expect(
      await screen.findByRole('heading', { name: 'Password Reset Successful' }),
    ).toBeInTheDocument()
    expect(sent(fetch).url).toBe(`/api/v1/auth/reset-password/${token}`)
    expect(sent(fetch, 1).url).toBe('/api/v1/auth/reset-password')
    expect(sent(fetch, 1).body).toEqual({
      pass_reset_token: token,
      new_password: 'Str0ng!pass',
    })
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in')
  })

  it('shows errors.message from the server on failure', async () => {
    const message = 'This password reset link is invalid or has expired. Please request a new one.'
    const { user } = await setup(fail(400, message))
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pass')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('says "Failed to reset password" when the server says nothing', async () => {
    const error = vi.spyOn(toast, 'error')
    const { user } = await setup(new Response('', { status: 500 }))
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pass')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password')
    // Said once, by the banner beside the form.
    expect(error).not.toHaveBeenCalled()
  })

  it('reveals both passwords with their own toggles', async () => {
    const { user } = await setup()
    const { password, confirm } = inputs()
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show new password' }))
    expect(password).toHaveAttribute('type', 'text')
    expect(confirm).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }))
    expect(confirm).toHaveAttribute('type', 'text')
  })
})
