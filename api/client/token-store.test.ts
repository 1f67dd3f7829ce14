import { describe, it, expect } from 'vitest'
import { createMemoryTokenStore } from './token-store.ts'

describe('createMemoryTokenStore', () => {
  it('starts empty, saves a session and clears it', () => {
    const store = createMemoryTokenStore()
    expect([store.getAccessToken(), store.getRefreshToken(), store.getUserId()]).toEqual([
      null,
      null,
      null,
    ])
    void store.saveSession({ access_token: 'a', refresh_token: 'r', user_id: 'u' })
    expect([store.getAccessToken(), store.getRefreshToken(), store.getUserId()]).toEqual([
      'a',
      'r',
      'u',
    ])
    void store.clear()
    expect([store.getAccessToken(), store.getRefreshToken(), store.getUserId()]).toEqual([
      null,
      null,
      null,
    ])
  })

  it('keeps the stored user id when a save omits it (a refresh answer has none)', () => {
    const store = createMemoryTokenStore({ access_token: 'a', refresh_token: 'r', user_id: 'u' })
    void store.saveSession({ access_token: 'a2', refresh_token: 'r2' })
    expect([store.getAccessToken(), store.getRefreshToken(), store.getUserId()]).toEqual([
      'a2',
      'r2',
      'u',
    ])
  })
})
