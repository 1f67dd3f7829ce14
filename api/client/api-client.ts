import { TUNNEL_WARNING_HEADER, successBodySchema } from '../envelope.ts'
import {
  API_PREFIX,
  routes,
  type RouteBody,
  type RouteData,
  type RouteDef,
  type RouteName,
  type RouteParams,
  type RouteQuery,
} from '../routes.ts'
import { ApiError, invalidResponseError, networkError, sessionExpiredError } from './api-error.ts'
import { apiErrorFromResponse } from './error-answer.ts'
import { shouldSendBearer } from './bearer-rules.ts'
import type { StoredToken, TokenStore } from './token-store.ts'

/** A slot the route does not take may be left out; one it takes is required. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { readonly [P in K]?: undefined }
  : { readonly [P in K]: T }

/** What `call` takes for a route: its body, query and path params, as the route table says. */
export type CallInput<N extends RouteName> = Slot<'body', RouteBody<N>> &
  Slot<'query', RouteQuery<N>> &
  Slot<'params', RouteParams<N>>

type TakesNoInput<N extends RouteName> = [RouteBody<N>, RouteQuery<N>, RouteParams<N>] extends [
  undefined,
  undefined,
  undefined,
]
  ? true
  : false

/** The input is optional exactly when the route takes no body, query or params. */
export type CallArgs<N extends RouteName> =
  TakesNoInput<N> extends true ? [input?: CallInput<N>] : [input: CallInput<N>]

export interface ApiClientOptions {
  /** Origin of the API, e.g. `https://api.example.com`; '' for same-origin. No API_PREFIX. */
  baseUrl: string
  tokenStore: TokenStore
  /** Defaults to the global fetch, looked up per call. */
  fetch?: typeof fetch
  /** Called once when a refresh fails and the session has been cleared. */
  onSessionExpired?: () => void
}

export interface ApiClient {
  /** Calls a route; resolves with its validated `data`, rejects with an ApiError. */
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteData<N>>
}

/** The input as the runtime sees it; the typed CallInput narrows it per route. */
interface LooseInput {
  body?: unknown
  query?: Record<string, unknown>
  params?: Record<string, unknown>
}

interface Answer {
  status: number
  ok: boolean
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokenStore, onSessionExpired } = options
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  // Wrapped, not stored as a method: window.fetch called on another `this` throws "Illegal invocation".
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  /** The refresh in flight, shared by every request that got a 401 meanwhile (single-flight). */
  let refreshing: Promise<string> | null = null

  async function send(
    def: RouteDef,
    url: string,
    input: LooseInput | undefined,
    bearer: string | null,
  ): Promise<Answer> {
    const headers: Record<string, string> = { [TUNNEL_WARNING_HEADER]: 'true' }
    const init: RequestInit = { method: def.method, headers }
    if (def.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(input?.body ?? {})
    }
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`

    let status: number
    let ok: boolean
    let text: string
    try {
      const response = await doFetch(url, init)
      status = response.status
      ok = response.ok
      text = await response.text()
    } catch {
      // The cause may be an opaque TypeError; the user needs only the connection hint.
      throw networkError()
    }
    return { status, ok, body: parseJson(text) }
  }

  function interpret<N extends RouteName>(def: RouteDef, answer: Answer): RouteData<N> {
    if (!answer.ok) throw apiErrorFromResponse(answer.status, answer.body)
    const envelope = successBodySchema.safeParse(answer.body)
    if (!envelope.success) throw invalidResponseError(answer.status)
    const data = def.data.safeParse(envelope.data.data)
    if (!data.success) throw invalidResponseError(answer.status)
    // routes[N].data parsed the value, so it is RouteData<N>; TS cannot follow N through the lookup.
    return data.data as RouteData<N>
  }

  /** Clears the session; tells the app only if there was a session to lose (so: once). */
  async function expireSession(): Promise<never> {
    const hadSession =
      present(await tokenStore.getAccessToken()) !== null ||
      present(await tokenStore.getRefreshToken()) !== null
    await tokenStore.clear()
    if (hadSession) onSessionExpired?.()
    throw sessionExpiredError()
  }

  /**
   * One refresh call (`POST /auth/refresh-token`): refresh token as bearer, user_id in the query;
   * saves the rotation.
   */
  async function refreshSession(): Promise<string> {
    const refreshToken = present(await tokenStore.getRefreshToken())
    const userId = present(await tokenStore.getUserId())
    if (refreshToken === null || userId === null) return expireSession()

    const def: RouteDef = routes.refreshToken
    const input: LooseInput = { query: { user_id: userId } }
    let tokens: RouteData<'refreshToken'>
    try {
      const answer = await send(def, buildUrl(baseUrl, def, input), input, refreshToken)
      tokens = interpret<'refreshToken'>(def, answer)
    } catch (error) {
      // Only a refused token ends the session. Offline, an outage or a rate limit (429) says
      // nothing about it: keep it and report the error.
      const refused =
        error instanceof ApiError && error.kind === 'http' && [400, 401, 403].includes(error.status)
      if (!refused) throw error
      // Another holder of the same storage (a second tab) may have rotated the token meanwhile:
      // its new tokens are in the store, and the session lives on.
      const now = present(await tokenStore.getRefreshToken())
      const access = present(await tokenStore.getAccessToken())
      if (now !== null && now !== refreshToken && access !== null) return access
      return expireSession()
    }
    await tokenStore.saveSession({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      user_id: userId,
    })
    return tokens.access_token
  }

  /** A fresh access token after a 401 for a request sent with `usedToken`. */
  async function renewAccessToken(usedToken: string | null): Promise<string> {
    const current = present(await tokenStore.getAccessToken())
    // Checked after the await: another 401 may have started the refresh while we read the store.
    if (refreshing) return refreshing
    // Another request already rotated the tokens; refreshing again would rotate needlessly.
    if (current !== null && current !== usedToken) return current
    const started = refreshSession().finally(() => {
      refreshing = null
    })
    refreshing = started
    return started
  }

  async function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteData<N>> {
    const def: RouteDef = routes[name]
    // CallInput<N> is the typed view of LooseInput; the generic form is not assignable as written.
    const input = args[0] as LooseInput | undefined
    const url = buildUrl(baseUrl, def, input)

    let bearer: string | null = null
    let refreshable = false
    if (def.auth === 'refresh') {
      bearer = present(await tokenStore.getRefreshToken())
    } else if (shouldSendBearer(url)) {
      bearer = present(await tokenStore.getAccessToken())
      // Only `access` routes check the token: a 401 elsewhere (a wrong password at login) is about
      // the input, and refreshing would hide its message. Without an access token, a stored refresh
      // token still helps: the extension keeps the access token only per browser session.
      refreshable =
        def.auth === 'access' &&
        (bearer !== null || present(await tokenStore.getRefreshToken()) !== null)
    }

    const first = await send(def, url, input, bearer)
    if (first.status !== 401 || !refreshable) return interpret<N>(def, first)

    const renewed = await renewAccessToken(bearer)
    // Retried once only: a second 401 is the answer.
    const second = await send(def, url, input, renewed)
    return interpret<N>(def, second)
  }

  return { call }
}

/** baseUrl (no trailing slash) + API_PREFIX + path with `:name` segments encoded + query string. */
function buildUrl(baseUrl: string, def: RouteDef, input?: LooseInput): string {
  const path = def.path.replace(/:([A-Za-z0-9_]+)/g, (_match, key: string) => {
    const value = input?.params?.[key]
    if (value === undefined || value === null) {
      throw new TypeError(`Missing path parameter "${key}" for ${def.path}`)
    }
    return encodeURIComponent(scalar(value, key))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(input?.query ?? {})) {
    if (value === undefined || value === null) continue
    search.append(key, scalar(value, key))
  }
  const query = search.toString()
  return `${baseUrl}${API_PREFIX}${path}${query ? `?${query}` : ''}`
}

function scalar(value: unknown, key: string): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new TypeError(`Parameter "${key}" must be a string, number or boolean`)
}

function parseJson(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function present(value: StoredToken): string | null {
  return value ? value : null
}
