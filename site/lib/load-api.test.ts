import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('./api.ts')
  vi.resetModules()
})

describe('loadApi', () => {
  it('gives the site’s one client, the same the logged-in pages use', async () => {
    const { loadApi } = await import('./load-api.ts')
    const { api } = await import('./api.ts')
    expect(await loadApi()).toBe(api)
  })

  it('reports a client that could not be fetched as a request without an answer', async () => {
    vi.doMock('./api.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const { loadApi } = await import('./load-api.ts')
    // After resetModules: the ApiError class load-api.ts now sees.
    const { NETWORK_ERROR_MESSAGE, isApiError } = await import('../../api/client/api-error.ts')
    const error: unknown = await loadApi().catch((caught: unknown) => caught)
    expect(isApiError(error) && [error.kind, error.status, error.message]).toEqual([
      'network',
      0,
      NETWORK_ERROR_MESSAGE,
    ])
  })
})
