import { z } from 'zod'
import { listingIdParams } from './schemas/listings.ts'

/**
 * The messages the site sends the Chrome extension (`chrome.runtime.sendMessage(EXTENSION_ID, …)`, the id in api/extension-id.ts,
 * which Chrome offers only to the origins the manifest lists in `externally_connectable`): the
 * contract between the two apps. The site sends them (site/lib/extension-bridge.ts); the
 * extension's worker answers them (the `external` part of src/messages.ts), after checking the
 * sender's origin and validating each payload with the schemas below: it is untrusted input.
 *
 * On the wire a message is `{ type, payload }` and its answer `ExtensionReply`.
 */

/** `session:set`: the site's session after a login or a token refresh. */
export const sharedSession = z.object({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
  user_id: z.string().min(1).max(64),
})
export type SharedSession = z.infer<typeof sharedSession>

/** `listing:fill-again`: the stored listing to open a fresh Marketplace draft of. */
export const fillAgainRequest = z.object({ listing_id: listingIdParams.shape.id })
export type FillAgainRequest = z.infer<typeof fillAgainRequest>

/** The answer to `session:get`: the extension's session, for the site to log in with. */
export type ExtensionSessionAnswer =
  | ({ logged_in: true; access_token: string | null } & Omit<SharedSession, 'access_token'>)
  | { logged_in: false }

/** Why a conversion (the popup's Convert, or the site's Fill again) failed. */
export type ConvertErrorKind =
  /** 402: trial over or no subscription; the popup links to /pricing. */
  | 'upgrade'
  /** No answer: offline, or the server is down. */
  | 'offline'
  /** 5xx: the server failed. */
  | 'server'
  | 'session-expired'
  /** 400/409/422: the server refused this listing; its message says why. */
  | 'rejected'
  /** Chrome stopped the worker mid-conversion; retrying is safe. */
  | 'interrupted'
  /** Another conversion is running. */
  | 'busy'
  /** Anything else (e.g. the browser refused to open a tab). */
  | 'failed'

export interface ConvertError {
  kind: ConvertErrorKind
  message: string
}

/** The answer to `listing:fill-again`: Marketplace opened with a fresh draft, or why not. */
export type FillAgainOutcome = { ok: true } | { ok: false; error: ConvertError }

type NoPayload = Record<string, never>

/** Message type → what the site sends and what the extension answers. */
export interface ExtensionMessageMap {
  /** After the site's login and every token refresh: the extension takes the same session. */
  'session:set': { request: SharedSession; response: { ok: true } }
  /** After the site's logout: the extension forgets the session too. */
  'session:clear': { request: NoPayload; response: { ok: true } }
  /** On the site's load (and to tell whether the extension is installed at all). */
  'session:get': { request: NoPayload; response: ExtensionSessionAnswer }
  /** The Listings page's Fill again: answered once Marketplace is open. */
  'listing:fill-again': { request: FillAgainRequest; response: FillAgainOutcome }
}

export type ExtensionMessageType = keyof ExtensionMessageMap
export type ExtensionRequest<T extends ExtensionMessageType> = ExtensionMessageMap[T]['request']
export type ExtensionResponse<T extends ExtensionMessageType> = ExtensionMessageMap[T]['response']

/** A message as the site sends it. */
export type ExtensionMessage = {
  [T in ExtensionMessageType]: { type: T; payload: ExtensionRequest<T> }
}[ExtensionMessageType]

/** An answer on the wire: a handler's failure travels as `error`, so the site never hangs. */
export type ExtensionReply<Value> = { ok: true; value: Value } | { ok: false; error: string }

const messageTypes: { readonly [T in ExtensionMessageType]: T } = {
  'session:set': 'session:set',
  'session:clear': 'session:clear',
  'session:get': 'session:get',
  'listing:fill-again': 'listing:fill-again',
}

/** Every message type, at run time (the map above is types only). */
export const EXTENSION_MESSAGE_TYPES: readonly ExtensionMessageType[] = Object.values(messageTypes)
