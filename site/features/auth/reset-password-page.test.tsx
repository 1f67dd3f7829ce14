import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import ResetPasswordPage from './reset-password-page.tsx'

function setup(path = '/reset-password?token=reset-token-1') {
  const view = renderAt(path, <ResetPasswordPage />)
  return view
}
function inputs() {
  return {
    password: screen.getByLabelText(/^new password$/i),
    confirm: screen.getByLabelText(/^confirm password$/i),
    submit: screen.getByRole('button', { name: 'Reset Password' }),
  }
}

describe('reset password (SPEC §2, §5, §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('without a token: error toast "Invalid or missing reset token" and /sign-in', async () => {
    const error = vi.spyOn(toast, 'error')
    setup('/reset-password')
    await waitFor(() => {
      expect(currentPath()).toBe('/sign-in')
    })
    expect(error).toHaveBeenCalledWith('Invalid or missing reset token')
    expect(error).toHaveBeenCalledOnce()
  })

  it('keeps submit disabled until both passwords are filled', async () => {
    const { user } = setup()
    const { password, confirm, submit } = inputs()
    expect(submit).toBeDisabled()
    await user.type(password, 'Str0ng!pass')
    expect(submit).toBeDisabled()
    await user.type(confirm, 'S')
    expect(submit).toBeEnabled()
  })

  it('says "Passwords do not match" and "Please confirm your password"', async () => {
    const fetch = stubFetch()
    const { user } = setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pasS')
    await user.click(submit)
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    await user.clear(confirm)
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('enforces the minimum length', async () => {
    const fetch = stubFetch()
    const { user } = setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Ab1!')
    await user.type(confirm, 'Ab1!')
    await user.click(submit)
    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('ticks the listed requirements as they are met, but does not enforce them', async () => {
    const fetch = stubFetch(ok())
    const { user } = setup()
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
      expect(fetch).toHaveBeenCalledOnce()
    })
  })

  it('sends the token and password, then shows Password Reset Successful with Sign In', async () => {
    const fetch = stubFetch(ok({}, 200, 'Your password has been reset.'))
    const { user } = setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pass')
    await user.click(submit)

    expect(
      await screen.findByRole('heading', { name: 'Password Reset Successful' }),
    ).toBeInTheDocument()
    expect(sent(fetch).url).toBe('/api/v1/auth/reset-password')
    expect(sent(fetch).body).toEqual({
      pass_reset_token: 'reset-token-1',
      new_password: 'Str0ng!pass',
    })
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in')
  })

  it('shows errors.message from the server on failure', async () => {
    const message = 'This password reset link is invalid or has expired. Please request a new one.'
    stubFetch(fail(400, message))
    const { user } = setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pass')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('says "Failed to reset password" when the server says nothing', async () => {
    const error = vi.spyOn(toast, 'error')
    stubFetch(new Response('', { status: 500 }))
    const { user } = setup()
    const { password, confirm, submit } = inputs()
    await user.type(password, 'Str0ng!pass')
    await user.type(confirm, 'Str0ng!pass')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password')
    expect(error).toHaveBeenCalledWith('Failed to reset password')
  })

  it('reveals both passwords with their own toggles', async () => {
    const { user } = setup()
    const { password, confirm } = inputs()
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show new password' }))
    expect(password).toHaveAttribute('type', 'text')
    expect(confirm).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }))
    expect(confirm).toHaveAttribute('type', 'text')
  })
})
