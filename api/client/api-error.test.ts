import { describe, it, expect } from 'vitest'
import {
  NETWORK_ERROR_MESSAGE,
  isApiError,
  networkError,
  sessionExpiredError,
} from './api-error.ts'

describe('errors without an answer', () => {
  it('network failure has status 0 and the connection hint', () => {
    const error = networkError()
    expect([error.kind, error.status, error.message]).toEqual(['network', 0, NETWORK_ERROR_MESSAGE])
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.')
  })

  it('session expiry has the product message', () => {
    const error = sessionExpiredError()
    expect([error.kind, error.message]).toEqual([
      'session-expired',
      'Session expired. Please log in again.',
    ])
    expect(isApiError(error)).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
  })
})
