import { DEFAULT_ERROR_MESSAGE, isApiError } from '../../../api/client/api-error.ts'

/**
 * What to tell the user about a failed call. `fallback` is the page's own text for "the server said
 * nothing useful" (docs/product.md#messages); without one, the server's message or "An error
 * occurred". A network failure keeps its own hint: there was no server to give a message.
 */
export function errorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (!isApiError(error)) return fallback
  if (error.kind === 'network') return error.message
  if (error.kind === 'http' && error.message !== DEFAULT_ERROR_MESSAGE) return error.message
  return fallback
}

/** Per-field messages of the error envelope (`errors.fields`), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) && error.fields ? error.fields : {}
}
