import { createApiClient, type ApiClient } from '../../api/client/api-client.ts'
import { SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import { config } from '../config.ts'
import { LOCAL, writeValues } from '../storage.ts'
import { chromeTokenStore } from './token-store.ts'

let client: ApiClient | undefined

/**
 * The worker's API client: the same api/ client as the site, on chrome.storage. Its single-flight
 * refresh lives in the instance, which is all it needs: a refresh cannot outlive the worker.
 * When a refresh fails the client clears the session; we leave the reason for the popup.
 */
export function api(): ApiClient {
  client ??= createApiClient({
    baseUrl: config.apiUrl,
    tokenStore: chromeTokenStore,
    onSessionExpired() {
      void writeValues('local', { [LOCAL.notice]: SESSION_EXPIRED_MESSAGE })
    },
  })
  return client
}
