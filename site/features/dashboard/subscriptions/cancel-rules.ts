import { DEFAULT_ERROR_MESSAGE, isApiError } from '../../../../api/client/api-error.ts'

/** Cancel-subscription toasts: success, no subscription id, failure without a server message. */
export const CANCEL_SUCCESS_MESSAGE = 'Subscription canceled successfully.'
export const NO_SUBSCRIPTION_MESSAGE = 'No active subscription found.'
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel subscription'

/**
 * The toast for a failed cancel: the server's errors.message, or "Failed to cancel subscription";
 * null for a 401, which the API client handles (refresh, or "Session expired" and /sign-in).
 */
export function cancelErrorMessage(error: unknown): string | null {
  if (isApiError(error) && (error.kind === 'session-expired' || error.status === 401)) return null
  if (isApiError(error) && error.kind === 'http' && error.message !== DEFAULT_ERROR_MESSAGE) {
    return error.message
  }
  return CANCEL_FAILED_MESSAGE
}
