import { vi, type Mock } from 'vitest'

/**
 * Test helpers: answers in the API's envelope (docs/product.md#api) and a queue-driven fetch stub.
 */
export function ok(data: unknown = {}, status = 200, message?: string): Response {
  return json(status, { status: 'success', ...(message ? { message } : {}), data })
}

export function fail(status: number, message: string, fields?: Record<string, string>): Response {
  return json(status, {
    status: 'error',
    message,
    errors: fields ? { message, fields } : { message },
  })
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

export interface SentRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

export type FetchMock = Mock<(input: string, init?: RequestInit) => Promise<Response>>

/** Stubs the global fetch; each call takes the next answer (a Response or a pending promise). */
export function stubFetch(...answers: (Response | Promise<Response>)[]): FetchMock {
  const queue = [...answers]
  const mock: FetchMock = vi.fn((input: string) => {
    const next = queue.shift()
    if (!next) return Promise.reject(new Error(`unexpected fetch ${input}`))
    return Promise.resolve(next)
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

/** The n-th request the stub saw, decoded. */
export function sent(mock: FetchMock, index = 0): SentRequest {
  const call = mock.mock.calls[index]
  if (!call) throw new Error(`fetch was called ${mock.mock.calls.length} times, not ${index + 1}`)
  const [url, init] = call
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
  return {
    url,
    method: init?.method ?? 'GET',
    headers: (init?.headers ?? {}) as Record<string, string>,
    body,
  }
}
