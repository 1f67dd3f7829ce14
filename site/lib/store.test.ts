import { beforeEach, describe, expect, it, vi } from 'vitest'

/** The store reads storage when its module loads, so each test loads a fresh copy. */
async function loadStore() {
  vi.resetModules()
  return import('./store.ts')
}

/** valtio tells subscribers after a microtask. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('interface state', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('starts with the defaults', async () => {
    const { ui } = await loadStore()
    expect(ui).toEqual({ userName: '', remainingDays: 0, isTrial: false, isLogin: false })
  })

  it('starts logged in when the persisted isLogin flag is the string true', async () => {
    localStorage.setItem('isLogin', 'true')
    const { ui } = await loadStore()
    expect(ui.isLogin).toBe(true)
  })

  it('persists isLogin whenever it is set', async () => {
    const { ui, setIsLogin } = await loadStore()
    setIsLogin(true)
    await settle()
    expect(localStorage.getItem('isLogin')).toBe('true')
    setIsLogin(false)
    await settle()
    expect(ui.isLogin).toBe(false)
    expect(localStorage.getItem('isLogin')).toBe('false')
  })

  it('turns isLogin on at load when the legacy isLoggedIn flag is true', async () => {
    localStorage.setItem('isLoggedIn', 'true')
    const { ui } = await loadStore()
    expect(ui.isLogin).toBe(true)
  })

  it('turns isLogin back on when it is set false while isLoggedIn is true', async () => {
    const { ui, setIsLogin } = await loadStore()
    setIsLogin(true)
    await settle()
    localStorage.setItem('isLoggedIn', 'true')
    setIsLogin(false)
    await settle()
    expect(ui.isLogin).toBe(true)
  })

  it('has a setter for each field', async () => {
    const store = await loadStore()
    store.setUserName('Ann')
    store.setRemainingDays(3)
    store.setIsTrial(true)
    expect(store.ui).toMatchObject({ userName: 'Ann', remainingDays: 3, isTrial: true })
  })
})
