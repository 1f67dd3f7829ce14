/**
 * The site's side of session sharing with the Chrome extension: the site tells the extension when
 * it logs in or out, and asks it for its session on load. Messages go through
 * `chrome.runtime.sendMessage(extensionId, …)`, which Chrome offers only to pages the extension
 * lists in `externally_connectable`; the extension also checks the sender's origin.
 *
 * Every function is a no-op answering `false`/`null` when the extension is not installed (no
 * `chrome.runtime` on the page, or no answer), so callers need no checks of their own.
 *
 * The messages are the contract in api/extension-messages.ts, which the extension answers.
 */
import type { SessionTokens, TokenStore } from '../../api/client/token-store.ts'
import type {
  ExtensionMessage,
  ExtensionReply,
  ExtensionSessionAnswer,
  FillAgainOutcome,
  SharedSession,
} from '../../api/extension-messages.ts'
import { EXTENSION_ID } from '../../api/extension-id.ts'

/**
 * The extension this site talks to: the unpacked build's id, or a Web Store build's (the id the
 * store gave it): build the site with `VITE_EXTENSION_ID=<that id>`.
 */
const extensionId: string =
  (import.meta.env.VITE_EXTENSION_ID as string | undefined) || EXTENSION_ID

/** An installed extension answers within milliseconds; this only bounds a stuck one. */
const ANSWER_TIMEOUT_MS = 2000

interface Runtime {
  sendMessage(extensionId: string, message: unknown, callback: (response: unknown) => void): void
  lastError?: unknown
}

function runtime(): Runtime | null {
  const candidate = (globalThis as { chrome?: { runtime?: Partial<Runtime> } }).chrome?.runtime
  return typeof candidate?.sendMessage === 'function' ? (candidate as Runtime) : null
}

/**
 * Fill again waits for the server's draft and the new tab; a slow server is not "no extension".
 * The extension answers a server that does not answer at all within its own limit.
 */
const FILL_AGAIN_TIMEOUT_MS = 60_000

/**
 * The extension's answer's value, or undefined when it is not installed or refused. Only the
 * contract's messages can be sent; the answer comes from outside the page: callers check it.
 */
function send(message: ExtensionMessage, timeoutMs = ANSWER_TIMEOUT_MS): Promise<unknown> {
  const api = runtime()
  if (!api) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(undefined)
    }, timeoutMs)
    const done = (value: unknown) => {
      clearTimeout(timer)
      resolve(value)
    }
    try {
      api.sendMessage(extensionId, message, (reply: unknown) => {
        // Reading lastError tells Chrome the failure ("not installed") was handled.
        if (api.lastError) {
          done(undefined)
          return
        }
        const typed = reply as Partial<ExtensionReply<unknown>> | undefined
        done(typed?.ok === true ? typed.value : undefined)
      })
    } catch {
      // An id Chrome does not know throws synchronously.
      done(undefined)
    }
  })
}

/** After login (and after every token refresh): the extension takes the same session. */
export async function shareSessionWithExtension(session: SharedSession): Promise<boolean> {
  return (await send({ type: 'session:set', payload: session })) !== undefined
}

/** After logout: the extension forgets the session too. */
export async function clearExtensionSession(): Promise<boolean> {
  return (await send({ type: 'session:clear', payload: {} })) !== undefined
}

/** The extension's session, to log the site in with it on load; null when there is no extension. */
export async function getExtensionSession(): Promise<ExtensionSessionAnswer | null> {
  const value = (await send({ type: 'session:get', payload: {} })) as
    ExtensionSessionAnswer | undefined
  if (!value || typeof value !== 'object' || typeof value.logged_in !== 'boolean') return null
  return value
}

/** Is the extension installed in this browser (and allowed to talk to this site)? */
export async function isExtensionInstalled(): Promise<boolean> {
  return (await getExtensionSession()) !== null
}

/**
 * Asks the extension to open a fresh Marketplace draft of a stored listing (the Listings page's
 * Fill again); it answers once the Marketplace tab is open. Null: no extension answered.
 */
export async function fillAgainInExtension(listingId: string): Promise<FillAgainOutcome | null> {
  const value = (await send(
    { type: 'listing:fill-again', payload: { listing_id: listingId } },
    FILL_AGAIN_TIMEOUT_MS,
  )) as FillAgainOutcome | undefined
  if (!value || typeof value !== 'object' || typeof value.ok !== 'boolean') return null
  return value
}

/**
 * Keeps one shared session consistent under refresh-token rotation. The server rotates the
 * refresh token on every refresh and revokes the whole session when a rotated-out token comes
 * back, so the site and the extension must never refresh with an old copy:
 * - every save (login, refresh) is sent to the extension, and a clear clears it;
 * - before using its refresh token, the site takes the extension's when the extension holds the
 *   same user's session with a different token: the extension refreshed last, so it is newer.
 * Wrap the site's token store with it where the API client is created.
 */
export function withExtensionSessionSync(store: TokenStore): TokenStore {
  return {
    getAccessToken: () => store.getAccessToken(),
    getUserId: () => store.getUserId(),
    async getRefreshToken() {
      const [own, userId] = [await store.getRefreshToken(), await store.getUserId()]
      if (!own || !userId) return own
      const shared = await getExtensionSession()
      if (!shared?.logged_in || shared.user_id !== userId || shared.refresh_token === own)
        return own
      const access = shared.access_token ?? (await store.getAccessToken())
      await store.saveSession({
        access_token: access ?? '',
        refresh_token: shared.refresh_token,
        user_id: userId,
      })
      return shared.refresh_token
    },
    async saveSession(session: SessionTokens) {
      await store.saveSession(session)
      const userId = session.user_id ?? (await store.getUserId())
      if (userId) {
        void shareSessionWithExtension({
          access_token: session.access_token,
          refresh_token: session.refresh_token,
          user_id: userId,
        })
      }
    },
    async clear() {
      await store.clear()
      void clearExtensionSession()
    },
  }
}
