import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, stubFetch, sent } from '../testing/http.ts'
import { renderAt, currentPath } from '../testing/render.tsx'
import { api } from './api.ts'
import { hasStoredLogin } from './auth-storage.ts'
import { ui } from './store.ts'
import { toast } from './toast.tsx'

function storeSession() {
  localStorage.setItem('accessToken', 'stale-access')
  localStorage.setItem('refresh_token', 'dead-refresh')
  localStorage.setItem('userId', 'user-1')
  localStorage.setItem('isLogin', 'true')
  ui.isLogin = true
}

describe('session refresh failure', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('on a 401 whose refresh fails: clears the session, toasts and goes to /sign-in', async () => {
    storeSession()
    renderAt('/dashboard', <div />)
    const fetch = stubFetch(fail(401, 'Token expired'), fail(401, 'Refresh token revoked'))

    await expect(api.call('me')).rejects.toMatchObject({ kind: 'session-expired' })

    expect(sent(fetch, 0).url).toBe('/api/v1/users/me')
    expect(sent(fetch, 0).headers.authorization).toBe('Bearer stale-access')
    expect(sent(fetch, 1).url).toBe('/api/v1/auth/refresh-token?user_id=user-1')
    expect(sent(fetch, 1).headers.authorization).toBe('Bearer dead-refresh')
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument()
    expect(currentPath()).toBe('/sign-in')
    expect(hasStoredLogin()).toBe(false)
    expect(ui.isLogin).toBe(false)
  })

  it('stays quiet on /sign-in itself', async () => {
    storeSession()
    renderAt('/sign-in', <div />)
    const toastError = vi.spyOn(toast, 'error')
    stubFetch(fail(401, 'Token expired'), fail(401, 'Refresh token revoked'))

    await expect(api.call('me')).rejects.toMatchObject({ kind: 'session-expired' })

    expect(currentPath()).toBe('/sign-in')
    expect(toastError).not.toHaveBeenCalled()
  })
})
