import { z } from 'zod'

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

// Lenient on purpose: error answers may come from a proxy or the framework, not only our envelope.
const errorAnswer = z.object({
  message: z.string().optional().catch(undefined),
  errors: z
    .object({
      message: z.string().optional().catch(undefined),
      fields: z.record(z.string(), z.string()).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
})

/** The error for a non-2xx answer; `body` is the parsed JSON, or undefined when it was not JSON. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const parsed = errorAnswer.safeParse(body)
  const answer = parsed.success ? parsed.data : undefined
  const message = nonEmpty(answer?.errors?.message) ?? nonEmpty(answer?.message)
  const fields = answer?.errors?.fields
  return new ApiError({
    kind: 'http',
    status,
    message: message ?? DEFAULT_ERROR_MESSAGE,
    ...(fields ? { fields } : {}),
  })
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

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined
}
