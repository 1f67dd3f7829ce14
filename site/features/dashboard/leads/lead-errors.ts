import { isApiError } from '../../../../api/client/api-error.ts'
import { UNEXPECTED_ERROR_MESSAGE } from '../load-error.ts'

/**
 * What a failed save or send says: the server's message (it names the fix), the client's own for
 * no connection; null after an expired session, which the API client has already announced.
 */
export function leadSaveErrorMessage(error: unknown): string | null {
  if (!isApiError(error)) return UNEXPECTED_ERROR_MESSAGE
  if (error.kind === 'session-expired') return null
  return error.message
}

/** The message for one field of a failed save (422 with `errors.fields`), else the general one. */
export function fieldErrorMessage(error: unknown, field: string): string | null {
  if (isApiError(error) && error.fields?.[field]) return error.fields[field]
  return leadSaveErrorMessage(error)
}
