import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setIsLogin, setUserName, ui } from '../../lib/store.ts'
import { restoreSession, useDisplayName, useIsLoggedIn } from './use-session.ts'

function Probe() {
  const loggedIn = useIsLoggedIn()
  const name = useDisplayName()
  return (
    <p>
      {loggedIn ? 'in' : 'out'}:{name}
    </p>
  )
}

describe('session hooks (docs/product.md#logged-in-state, #layout-user-menu)', () => {
  afterEach(() => {
    ui.userName = ''
    ui.isLogin = false
  })

  it('follows isLogin reactively', async () => {
    render(<Probe />)
    expect(screen.getByText('out:User')).toBeInTheDocument()
    await act(async () => {
      setIsLogin(true)
      await Promise.resolve()
    })
    expect(screen.getByText(/^in:/)).toBeInTheDocument()
  })

  it('counts a stored access token as logged in', () => {
    sessionStorage.setItem('accessToken', 'token')
    render(<Probe />)
    expect(screen.getByText(/^in:/)).toBeInTheDocument()
  })

  it('names the user from the store, else the stored username, else User', async () => {
    render(<Probe />)
    expect(screen.getByText('out:User')).toBeInTheDocument()
    localStorage.setItem('username', 'Stored Name')
    await act(async () => {
      setUserName('Store Name')
      await Promise.resolve()
    })
    expect(screen.getByText('out:Store Name')).toBeInTheDocument()
    await act(async () => {
      setUserName('')
      await Promise.resolve()
    })
    expect(screen.getByText('out:Stored Name')).toBeInTheDocument()
  })

  it('on app load puts the stored username of a logged-in user into the store', () => {
    localStorage.setItem('accessToken', 'token')
    localStorage.setItem('username', 'Ann Agent')
    restoreSession()
    expect(ui.userName).toBe('Ann Agent')
  })

  it('leaves the store empty for a visitor', () => {
    localStorage.setItem('username', 'Left Over')
    restoreSession()
    expect(ui.userName).toBe('')
  })
})
