/**
 * `http`: the server answered with an error status. `network`: no answer (status 0).
 * `invalid-response`: an answer that breaks the contract. `session-expired`: a 401 that a refresh
 * could not cure; the session has been cleared.
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response' | 'session-expired'

export const DEFAULT_ERROR_MESSAGE = 'An error occurred'
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.'
export const INVALID_RESPONSE_MESSAGE = 'The server sent an unexpected answer. Please try again.'
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.'

export interface ApiErrorInit {
  kind: ApiErrorKind
  /** HTTP status; 0 when the server could not be reached. */
  status: number
  message: string
  fields?: Record<string, string>
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  readonly status: number
  /** Per-field messages from the error envelope, keyed by input name. */
  readonly fields?: Record<string, string>

  constructor(init: ApiErrorInit) {
    super(init.message)
    this.kind = init.kind
    this.status = init.status
    if (init.fields) this.fields = init.fields
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

export function networkError(): ApiError {
  return new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE })
}

export function invalidResponseError(status: number): ApiError {
  return new ApiError({ kind: 'invalid-response', status, message: INVALID_RESPONSE_MESSAGE })
}

export function sessionExpiredError(): ApiError {
  return new ApiError({ kind: 'session-expired', status: 401, message: SESSION_EXPIRED_MESSAGE })
}
