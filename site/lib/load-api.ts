import type { ApiClient } from '../../api/client/api-client.ts'
import { networkError } from '../../api/client/api-error.ts'

/**
 * The site's one API client (./api.ts) for the public forms (sign-in, sign-up, forgot password,
 * contact), loaded on first use rather than with the page: it carries the contract's schemas,
 * whose evaluation was the longest task of hydrating a form page on a phone
 * (docs/operations.md#lighthouse). `warmApi` starts the load as soon as the visitor starts
 * filling the form, so a submit does not wait for it.
 */
export async function loadApi(): Promise<ApiClient> {
  try {
    return (await import('./api.ts')).api
  } catch {
    // The chunk could not be fetched: for the form, the same as a request that got no answer.
    throw networkError()
  }
}

export function warmApi(): void {
  // Offline, a failed load would only be repeated at submit, which reports it.
  if (navigator.onLine) loadApi().catch(() => undefined)
}
