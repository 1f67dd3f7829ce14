import { isApiError } from '../../../api/client/api-error.ts'

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred'

/**
 * Dashboard load failure (docs/product.md#messages): the server's errors.message, or "An error
 * occurred" (the API client's default for an answer without one); anything that is not an HTTP
 * answer (no connection, a broken answer, a bug) shows "An unexpected error occurred".
 */
export function dashboardErrorMessage(error: unknown): string {
  if (isApiError(error) && error.kind === 'http') return error.message
  return UNEXPECTED_ERROR_MESSAGE
}
