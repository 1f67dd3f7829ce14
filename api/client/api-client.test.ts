import { describe, it, expect, vi } from 'vitest'
import { createApiClient, type ApiClientOptions } from './api-client.ts'
import { ApiError, NETWORK_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from './api-error.ts'
import { createMemoryTokenStore, type SessionTokens, type TokenStore } from './token-store.ts'
import { TUNNEL_WARNING_HEADER } from '../envelope.ts'

/** Test helper: a fake fetch that records each request and answers with a handler. */
interface RecordedRequest {
  url: string
  method: string
  headers: Record<string, string>
  /** The raw body, or undefined when none was sent. */
  body: string | undefined
  /** The bearer token sent, or undefined. */
  bearer: string | undefined
  pathname: string
  query: Record<string, string>
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>

function fakeFetch(handler: Handler) {
  const requests: RecordedRequest[] = []
  const fetch = vi.fn(
    async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const headers = new Headers(init?.headers)
      const record: Record<string, string> = {}
      headers.forEach((value, key) => {
        record[key] = value
      })
      const auth = headers.get('authorization')
      const parsed = new URL(url, 'http://relative.invalid')
      const request: RecordedRequest = {
        url,
        method: init?.method ?? 'GET',
        headers: record,
        body: typeof init?.body === 'string' ? init.body : undefined,
        bearer: auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined,
        pathname: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
      }
      requests.push(request)
      return handler(request)
    },
  )
  return { fetch, requests }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

function ok(data: unknown, status = 200): Response {
  return json(status, { status: 'success', data })
}

function fail(status: number, message: string, fields?: Record<string, string>): Response {
  return json(status, {
    status: 'error',
    message,
    errors: fields ? { message, fields } : { message },
  })
}

const BASE = 'https://api.test'

const me = {
  _id: 'u1',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+15555550100',
  is_subscribed: false,
  subscription_expiry: null,
  trial_end: '2030-01-01T00:00:00.000Z',
  is_admin: false,
  subscription_state: null,
  agent_profile: null,
  pending_email: null,
}

const session: SessionTokens = { access_token: 'a1', refresh_token: 'r1', user_id: 'u1' }

function setup(
  handler: Handler,
  initial: Partial<SessionTokens> | null = session,
  extra: Partial<ApiClientOptions> = {},
) {
  const { fetch, requests } = fakeFetch(handler)
  const tokenStore = createMemoryTokenStore(initial ?? undefined)
  const onSessionExpired = vi.fn()
  const client = createApiClient({ baseUrl: BASE, tokenStore, fetch, onSessionExpired, ...extra })
  return { client, tokenStore, requests, fetch, onSessionExpired }
}

async function snapshot(store: TokenStore) {
  return {
    access: await store.getAccessToken(),
    refresh: await store.getRefreshToken(),
    user: await store.getUserId(),
  }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}

/** A server where a1 is expired, r1 rotates to a2/r2, and a2 is valid. */
function refreshingServer(options: { refreshDelayMs?: number } = {}): Handler {
  return async (request) => {
    if (request.pathname === '/api/v1/auth/refresh-token') {
      if (options.refreshDelayMs) {
        await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs))
      }
      if (request.bearer !== 'r1' || request.query.user_id !== 'u1') {
        return fail(401, 'Session expired. Please log in again.')
      }
      return ok({ access_token: 'a2', refresh_token: 'r2' })
    }
    if (request.bearer === 'a2') return ok(me)
    return fail(401, 'Your session has expired. Please log in again.')
  }
}

function refreshCalls(requests: RecordedRequest[]) {
  return requests.filter((r) => r.pathname === '/api/v1/auth/refresh-token')
}

describe('request shape', () => {
  it('sends the tunnel warning header on every request', async () => {
    const { client, requests } = setup((r) =>
      r.pathname.endsWith('/all-plans') ? ok([]) : r.bearer === 'a1' ? ok(me) : ok({}),
    )
    await client.call('allPlans')
    await client.call('me')
    await client.call('contactUs', {
      body: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
    })
    expect(requests).toHaveLength(3)
    for (const request of requests) expect(request.headers[TUNNEL_WARNING_HEADER]).toBe('true')
  })

  it('builds baseUrl + /api/v1 + path with encoded params', async () => {
    const { client, requests } = setup(() => ok({ status: 'success' }), null, {
      baseUrl: `${BASE}/`,
    })
    await client.call('verifyEmail', { params: { token: 'a/b c?d#e&f' } })
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/auth/verify-email/a%2Fb%20c%3Fd%23e%26f`)
    expect(requests[0]?.method).toBe('GET')
  })

  it('puts the query in the query string, and a POST without body sends no body', async () => {
    const { client, requests } = setup(() => ok({ checkout_url: 'https://pay.test/x' }))
    const data = await client.call('checkout', {
      query: { plan_id: 'p 1', email: 'ada+x@example.com' },
    })
    expect(data).toEqual({ checkout_url: 'https://pay.test/x' })
    const request = requests[0]
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe(
      `${BASE}/api/v1/payment/checkout?plan_id=p+1&email=ada%2Bx%40example.com`,
    )
    expect(request?.query).toEqual({ plan_id: 'p 1', email: 'ada+x@example.com' })
    expect(request?.body).toBeUndefined()
    expect(request?.headers['content-type']).toBeUndefined()
  })

  it('sends a JSON body with content-type when the route has a body', async () => {
    const { client, requests } = setup(() =>
      ok({ access_token: 'a', refresh_token: 'r', user_id: 'u1' }),
    )
    await client.call('login', { body: { email: 'ada@example.com', password: 'secret' } })
    expect(requests[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(requests[0]?.body ?? 'null')).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    })
  })
})

describe('bearer token', () => {
  it('sends the access token to an authenticated route', async () => {
    const { client, requests } = setup(() => ok(me))
    await client.call('me')
    expect(requests[0]?.headers.authorization).toBe('Bearer a1')
  })

  it('sends the access token to other routes too (all but the guest-form URLs)', async () => {
    const { client, requests } = setup(() => ok([]))
    await client.call('allPlans')
    expect(requests[0]?.bearer).toBe('a1')
  })

  it('sends no bearer to /reset-password and /contact-us URLs', async () => {
    const { client, requests } = setup(() => ok({}))
    await client.call('resetPasswordRequest', {
      body: { email: 'ada@example.com', reset_form_url: 'https://site.test/reset-password' },
    })
    await client.call('resetPassword', {
      body: { pass_reset_token: 'tok', new_password: 'long enough' },
    })
    await client.call('contactUs', {
      body: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
    })
    expect(requests).toHaveLength(3)
    for (const request of requests) expect(request.headers.authorization).toBeUndefined()
  })

  it('sends no bearer when no access token is stored', async () => {
    const { client, requests } = setup(() => ok([]), null)
    await client.call('allPlans')
    expect(requests[0]?.headers.authorization).toBeUndefined()
  })

  it("sends the refresh token to an auth: 'refresh' route", async () => {
    const { client, requests } = setup(() => ok({ access_token: 'a2', refresh_token: 'r2' }))
    const data = await client.call('refreshToken', { query: { user_id: 'u1' } })
    expect(data).toEqual({ access_token: 'a2', refresh_token: 'r2' })
    expect(requests[0]?.bearer).toBe('r1')
    expect(requests[0]?.body).toBeUndefined()
  })
})

describe('answers', () => {
  it('returns the validated data', async () => {
    const { client } = setup(() => ok({ ...me, extra: 'ignored' }))
    await expect(client.call('me')).resolves.toEqual(me)
  })

  it('accepts a 201 success status', async () => {
    const { client } = setup(() => ok({ user_id: 'u9', email: 'new@example.com' }, 201), null)
    const data = await client.call('register', {
      body: {
        name: 'New',
        email: 'new@example.com',
        phoneNumber: '+15555550100',
        password: 'long enough',
      },
    })
    expect(data).toEqual({ user_id: 'u9', email: 'new@example.com' })
  })

  it('turns the error envelope into an ApiError with errors.message and fields', async () => {
    const { client } = setup(() =>
      json(422, {
        status: 'error',
        message: 'top-level',
        errors: {
          message: 'Invalid phone number',
          fields: { phoneNumber: 'Invalid phone number' },
        },
      }),
    )
    const error = await rejection(
      client.call('register', {
        body: { name: 'N', email: 'n@example.com', phoneNumber: '1', password: 'long enough' },
      }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.kind).toBe('http')
    expect(error.status).toBe(422)
    expect(error.message).toBe('Invalid phone number')
    expect(error.fields).toEqual({ phoneNumber: 'Invalid phone number' })
  })

  it('falls back to the top-level message, then to "An error occurred"', async () => {
    const first = setup(() => json(409, { message: 'Already sent' }))
    const a = await rejection(first.client.call('allPlans'))
    expect([a.kind, a.status, a.message, a.fields]).toEqual([
      'http',
      409,
      'Already sent',
      undefined,
    ])

    const second = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    const b = await rejection(second.client.call('allPlans'))
    expect([b.kind, b.status, b.message]).toEqual(['http', 502, 'An error occurred'])
  })

  it('reports a network failure as status 0, kind network', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    const error = await rejection(client.call('allPlans'))
    expect([error.kind, error.status, error.message]).toEqual(['network', 0, NETWORK_ERROR_MESSAGE])
  })

  it('rejects data that does not match the route schema as invalid-response', async () => {
    const { client } = setup(() => ok({ ...me, is_subscribed: 'yes' }))
    const error = await rejection(client.call('me'))
    expect([error.kind, error.status]).toEqual(['invalid-response', 200])
  })

  it('rejects a 2xx that is not a success envelope as invalid-response', async () => {
    const notJson = setup(() => new Response('<html>tunnel warning</html>', { status: 200 }))
    expect((await rejection(notJson.client.call('allPlans'))).kind).toBe('invalid-response')
    const bare = setup(() => json(200, []))
    expect((await rejection(bare.client.call('allPlans'))).kind).toBe('invalid-response')
  })
})

describe('refresh on 401', () => {
  it('refreshes once, saves the rotated tokens and retries with the new access token', async () => {
    const { client, requests, tokenStore, onSessionExpired } = setup(refreshingServer())
    await expect(client.call('me')).resolves.toEqual(me)

    expect(requests.map((r) => [r.method, r.pathname, r.bearer])).toEqual([
      ['GET', '/api/v1/users/me', 'a1'],
      ['POST', '/api/v1/auth/refresh-token', 'r1'],
      ['GET', '/api/v1/users/me', 'a2'],
    ])
    const refresh = requests[1]
    expect(refresh?.query).toEqual({ user_id: 'u1' })
    expect(refresh?.body).toBeUndefined()
    expect(refresh?.headers[TUNNEL_WARNING_HEADER]).toBe('true')
    expect(await snapshot(tokenStore)).toEqual({ access: 'a2', refresh: 'r2', user: 'u1' })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('shares one refresh among 5 concurrent 401s, and all 5 succeed', async () => {
    const { client, requests, tokenStore } = setup(refreshingServer({ refreshDelayMs: 20 }))
    const results = await Promise.all(Array.from({ length: 5 }, () => client.call('me')))
    expect(results).toEqual(Array.from({ length: 5 }, () => me))
    expect(refreshCalls(requests)).toHaveLength(1)
    expect(requests.filter((r) => r.bearer === 'a1')).toHaveLength(5)
    expect(requests.filter((r) => r.bearer === 'a2')).toHaveLength(5)
    expect(await snapshot(tokenStore)).toEqual({ access: 'a2', refresh: 'r2', user: 'u1' })
  })

  it('retries at most once: a 401 after the refresh is the answer', async () => {
    let meCalls = 0
    const { client, requests } = setup((r) => {
      if (r.pathname.endsWith('/refresh-token'))
        return ok({ access_token: 'a2', refresh_token: 'r2' })
      meCalls += 1
      // A third attempt would succeed, so a client that loops passes no 401 back: the test fails.
      return meCalls <= 2 ? fail(401, 'Please log in to continue.') : ok(me)
    })
    const error = await rejection(client.call('me'))
    expect([error.kind, error.status, error.message]).toEqual([
      'http',
      401,
      'Please log in to continue.',
    ])
    expect(requests.map((r) => r.pathname)).toEqual([
      '/api/v1/users/me',
      '/api/v1/auth/refresh-token',
      '/api/v1/users/me',
    ])
  })

  it('clears the store, calls onSessionExpired once and throws session-expired when refresh fails', async () => {
    const { client, requests, tokenStore, onSessionExpired } = setup(
      (r) =>
        r.pathname.endsWith('/refresh-token')
          ? fail(401, 'Session expired. Please log in again.')
          : fail(401, 'Your session has expired.'),
      { ...session, refresh_token: 'revoked' },
    )
    const errors = await Promise.all(
      Array.from({ length: 3 }, () => rejection(client.call('dashboard'))),
    )
    for (const error of errors) {
      expect([error.kind, error.status, error.message]).toEqual([
        'session-expired',
        401,
        SESSION_EXPIRED_MESSAGE,
      ])
    }
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(refreshCalls(requests)).toHaveLength(1)
    expect(await snapshot(tokenStore)).toEqual({ access: null, refresh: null, user: null })
    // No retry of the original request after a failed refresh.
    expect(requests.filter((r) => r.pathname.endsWith('/dashboard'))).toHaveLength(3)
  })

  it('treats a missing refresh token the same way, without calling the server', async () => {
    const { client, requests, tokenStore, onSessionExpired } = setup(
      () => fail(401, 'Your session has expired.'),
      { access_token: 'a1', user_id: 'u1' },
    )
    const error = await rejection(client.call('me'))
    expect([error.kind, error.message]).toEqual(['session-expired', SESSION_EXPIRED_MESSAGE])
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(refreshCalls(requests)).toHaveLength(0)
    expect(requests).toHaveLength(1)
    expect(await snapshot(tokenStore)).toEqual({ access: null, refresh: null, user: null })
  })

  it('keeps the session when the refresh call cannot reach the server', async () => {
    const { client, tokenStore, onSessionExpired } = setup((r) => {
      if (r.pathname.endsWith('/refresh-token')) throw new TypeError('Failed to fetch')
      return fail(401, 'Your session has expired.')
    })
    const error = await rejection(client.call('me'))
    expect([error.kind, error.status]).toEqual(['network', 0])
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(await snapshot(tokenStore)).toEqual({ access: 'a1', refresh: 'r1', user: 'u1' })
  })

  it('keeps the session when the refresh call meets a server or tunnel outage (5xx)', async () => {
    const { client, tokenStore, onSessionExpired } = setup((r) =>
      r.pathname.endsWith('/refresh-token')
        ? new Response('tunnel offline', { status: 502 })
        : fail(401, 'Your session has expired.'),
    )
    const error = await rejection(client.call('me'))
    expect([error.kind, error.status]).toEqual(['http', 502])
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(await snapshot(tokenStore)).toEqual({ access: 'a1', refresh: 'r1', user: 'u1' })
  })

  it('keeps the session when the refresh call is rate limited (429)', async () => {
    const { client, tokenStore, onSessionExpired } = setup((r) =>
      r.pathname.endsWith('/refresh-token')
        ? fail(429, 'Too many attempts. Please wait 3 minutes and try again.')
        : fail(401, 'Your session has expired.'),
    )
    const error = await rejection(client.call('me'))
    expect([error.kind, error.status]).toEqual(['http', 429])
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(await snapshot(tokenStore)).toEqual({ access: 'a1', refresh: 'r1', user: 'u1' })
  })

  it('keeps the session when another tab rotated the token while this refresh was refused', async () => {
    const shared: { store?: TokenStore } = {}
    const { client, tokenStore, onSessionExpired } = setup(async (r) => {
      if (r.pathname.endsWith('/refresh-token')) {
        // The other tab won the race: its new tokens land in the shared storage.
        await shared.store?.saveSession({ access_token: 'a2', refresh_token: 'r2', user_id: 'u1' })
        return fail(401, 'Session expired. Please log in again.')
      }
      return r.headers.authorization === 'Bearer a2'
        ? ok(me)
        : fail(401, 'Your session has expired.')
    })
    shared.store = tokenStore
    await expect(client.call('me')).resolves.toEqual(me)
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(await snapshot(tokenStore)).toEqual({ access: 'a2', refresh: 'r2', user: 'u1' })
  })

  it('does not refresh on a 401 from a public route (a wrong password is not an expired session)', async () => {
    const { client, requests, tokenStore, onSessionExpired } = setup(() =>
      fail(401, 'Invalid email or password.'),
    )
    const error = await rejection(
      client.call('login', { body: { email: 'ada@example.com', password: 'wrong' } }),
    )
    expect([error.kind, error.status, error.message]).toEqual([
      'http',
      401,
      'Invalid email or password.',
    ])
    expect(requests).toHaveLength(1)
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(await snapshot(tokenStore)).toEqual({ access: 'a1', refresh: 'r1', user: 'u1' })
  })

  it('does not refresh when logged out: the 401 is the answer', async () => {
    const { client, requests, onSessionExpired } = setup(
      () => fail(401, 'Please log in to continue.'),
      null,
    )
    const error = await rejection(client.call('me'))
    expect([error.kind, error.status]).toEqual(['http', 401])
    expect(requests).toHaveLength(1)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('refreshes when only the refresh token survived (extension after a browser restart)', async () => {
    const { client, requests } = setup(refreshingServer(), { refresh_token: 'r1', user_id: 'u1' })
    await expect(client.call('me')).resolves.toEqual(me)
    expect(requests.map((r) => r.bearer)).toEqual([undefined, 'r1', 'a2'])
  })

  it('does not refresh again when another request already rotated the tokens', async () => {
    let releaseSlow: () => void = () => undefined
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve
    })
    const server = refreshingServer()
    const { client, requests } = setup(async (r) => {
      // The dashboard request is sent with a1 but answers only after the refresh has finished.
      if (r.pathname.endsWith('/dashboard')) {
        await slowGate
        return fail(401, 'Your session has expired.')
      }
      return server(r)
    })
    const slow = client.call('dashboard').catch((error: unknown) => error)
    await client.call('me')
    releaseSlow()
    await slow
    expect(refreshCalls(requests)).toHaveLength(1)
    expect(requests.filter((r) => r.pathname.endsWith('/dashboard')).map((r) => r.bearer)).toEqual([
      'a1',
      'a2',
    ])
  })
})

describe('async token store', () => {
  it('works with a store whose methods return promises (chrome.storage)', async () => {
    const inner = createMemoryTokenStore(session)
    const tokenStore: TokenStore = {
      getAccessToken: () => Promise.resolve(inner.getAccessToken()),
      getRefreshToken: () => Promise.resolve(inner.getRefreshToken()),
      getUserId: () => Promise.resolve(inner.getUserId()),
      saveSession: (s) => Promise.resolve(inner.saveSession(s)),
      clear: () => Promise.resolve(inner.clear()),
    }
    const { fetch, requests } = fakeFetch(refreshingServer())
    const client = createApiClient({ baseUrl: BASE, tokenStore, fetch })
    const results = await Promise.all([client.call('me'), client.call('me'), client.call('me')])
    expect(results).toEqual([me, me, me])
    expect(refreshCalls(requests)).toHaveLength(1)
    expect(await snapshot(inner)).toEqual({ access: 'a2', refresh: 'r2', user: 'u1' })
  })
})

describe('types', () => {
  it('types call() from the route table', () => {
    const { client } = setup(() => ok({}))
    // Never run: tsc checks these lines (npx tsc -p tsconfig.json).
    const checks = async () => {
      // @ts-expect-error verifyEmail takes params
      await client.call('verifyEmail')
      // @ts-expect-error a param has the schema's type
      await client.call('verifyEmail', { params: { token: 1 } })
      // @ts-expect-error me takes no query
      await client.call('me', { query: { a: 1 } })
      // @ts-expect-error login needs a password
      await client.call('login', { body: { email: 'a@b.co' } })
      // @ts-expect-error checkout needs email in the query
      await client.call('checkout', { query: { plan_id: 'p' } })
      const user = await client.call('me')
      // @ts-expect-error full_name is a string
      const wrong: number = user.full_name
      const status: 'success' = (await client.call('verifyEmail', { params: { token: 't' } }))
        .status
      return [wrong, status]
    }
    expect(typeof checks).toBe('function')
  })
})
