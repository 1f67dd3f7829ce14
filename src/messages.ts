/**
 * Every message of the extension, in one typed map: popup and content scripts → worker
 * (`chrome.runtime.sendMessage`), worker → content script (`chrome.tabs.sendMessage`), and the
 * site → worker (`externally_connectable`). The site's messages are a contract between the two
 * apps: they are declared in api/extension-messages.ts, which the site's side
 * (`site/lib/extension-bridge.ts`) and the `external` part below both read.
 *
 * Only the worker holds tokens and calls the API; the others ask it here.
 */
import type {
  ConvertError,
  ExtensionMessageMap,
  ExtensionMessageType,
  ExtensionReply,
} from '../api/extension-messages.ts'
import type { ListingPermission } from '../api/listing-permission.ts'
import type { AgentProfile } from '../api/schemas/agent-profile.ts'
import type { FillReportBody } from '../api/schemas/fill-reports.ts'
import type { SaveLeadBody } from '../api/schemas/leads.ts'
import type { NormalizedListing } from '../api/schemas/listing.ts'
import type { MarketplaceDraft } from '../api/schemas/marketplace-draft.ts'
import type {
  FormFieldKey,
  MarketplaceFormProfile,
} from '../api/schemas/marketplace-form-profile.ts'
import type { FsboPage, FsboResultsSite } from './fsbo/inspect-fsbo-page.ts'
import type { ListingExtraction } from './listing/listing-extraction.ts'

/** Who may send a message: an extension page (the popup), a content script, or the site. */
export type Channel = 'page' | 'content' | 'tab' | 'external'

export type SessionStatus =
  | { loggedIn: true; userId: string | null; email: string | null }
  /** `notice`: why the user was logged out ("Session expired. Please log in again."). */
  | { loggedIn: false; notice: string | null }

export type LoginResult =
  | { ok: true; email: string }
  | {
      ok: false
      message: string
      /** 403: the e-mail is not verified yet; the popup links to the site to resend. */
      unverified: boolean
      fields?: Record<string, string>
    }

export type ConvertOutcome =
  { ok: true; marketplaceTabId: number } | { ok: false; error: ConvertError }

/**
 * The agent profile as the server has it now (null: not filled in on Settings yet), or why it
 * could not be had (`offline`, `server`, `session-expired`): the popup converts only with it.
 */
export type AgentProfileLookup =
  { ok: true; profile: AgentProfile | null } | { ok: false; error: ConvertError }

/** The conversion in progress or last finished, kept in chrome.storage.session (ConversionState). */
export type ConversionPhase = 'converting' | 'opening' | 'done' | 'failed'

export interface ConversionState {
  runId: string
  sourceTabId: number
  phase: ConversionPhase
  error: ConvertError | null
  marketplaceTabId: number | null
  updatedAt: string
}

/** What the Marketplace content script gets for its tab: the draft and how many photos it has. */
export interface PendingDraftView {
  listingId: string
  draft: MarketplaceDraft
  /**
   * Photos to ask for with `draft:photo`, indexes 0 to photoCount - 1 (the draft's first 20). The
   * worker may still be downloading them: the tab opens as soon as the server has answered.
   */
  photoCount: number
  /** The form's texts to fill by: the worker's current profile (the server's, or the built-in). */
  profile: MarketplaceFormProfile
  /** Label texts the agent taught ("Show me"), tried before the profile's (LOCAL.taughtLabels). */
  taughtLabels: TaughtLabels
}

/** Field → the label text an agent taught for it, by showing the filler its control. */
export type TaughtLabels = Partial<Record<FormFieldKey, string>>

/**
 * One photo's bytes, base64: runtime messages are JSON (a Uint8Array arrives as a plain object
 * of numbers), so a Blob cannot travel as is.
 */
export interface PhotoPayload {
  name: string
  type: string
  base64: string
}

/** What the filler reports back, for the worker's record (labels of fields left to the user). */
export interface FillSummary {
  filled: string[]
  needsUser: string[]
}

/** POST /leads from the popup: `created` is false when the lead was saved before (now updated). */
export type LeadSaveOutcome =
  { ok: true; created: boolean; leadId: string } | { ok: false; error: ConvertError }

/**
 * A scan of a search-results page (src/background/fsbo-scan.ts), kept in chrome.storage.session
 * (ScanState). `cancelling`: the user pressed Cancel; the visit under way finishes first.
 */
export type ScanPhase = 'running' | 'cancelling' | 'done' | 'cancelled' | 'stopped'

/** Why a scan stopped before its last listing; each is one message in the popup. */
export type ScanStopKind =
  /** The site showed a bot check, or page after page had no lead (blocked). */
  | 'bot-check'
  | 'blocked'
  /** The save failed as a conversion can (ConvertErrorKind), for every lead to come. */
  | 'upgrade'
  | 'session-expired'
  | 'offline'
  | 'server'
  /** The user closed the scan tab. */
  | 'tab-closed'
  /** Chrome stopped the worker mid-scan. */
  | 'interrupted'
  | 'failed'

export interface ScanStop {
  kind: ScanStopKind
  message: string
}

export interface ScanState {
  scanId: string
  /** The results page's tab, and the page (one tab may show several results pages in turn). */
  sourceTabId: number
  sourceUrl: string
  site: FsboResultsSite
  phase: ScanPhase
  /** Listings the results page links to, and how many this scan visits (at most `cap`). */
  found: number
  total: number
  cap: number
  /** Listings visited so far, and what came of them. */
  visited: number
  saved: number
  duplicates: number
  failed: number
  /** The listing being visited. */
  current: string | null
  /** The background tab the scan visits listings in; closed when the scan ends. */
  scanTabId: number | null
  stop: ScanStop | null
  startedAt: string
  updatedAt: string
}

export type ScanStartOutcome =
  | { ok: true; scan: ScanState }
  | {
      ok: false
      error: { kind: 'busy' | 'no-listings' | 'bot-check' | 'failed'; message: string }
    }

interface Def<C extends Channel, Req, Res> {
  channel: C
  request: Req
  response: Res
}

type NoInput = Record<string, never>

/** The site's messages (api/extension-messages.ts), on the `external` channel. */
type ExternalMessageMap = {
  [T in ExtensionMessageType]: Def<
    'external',
    ExtensionMessageMap[T]['request'],
    ExtensionMessageMap[T]['response']
  >
}

/** The map: message type → who sends it, what it carries, what the answer is. */
export interface MessageMap extends ExternalMessageMap {
  // popup → worker
  'session:status': Def<'page', NoInput, SessionStatus>
  'session:login': Def<'page', { email: string; password: string }, LoginResult>
  'session:logout': Def<'page', NoInput, { ok: true }>
  /**
   * The tab's listing: the extractor's answer, or `not-a-listing`/`stale-page` when no content
   * script answered (another site, or a Zillow page reached by in-app navigation).
   */
  'listing:get': Def<'page', { tabId: number; url: string | null }, ListingExtraction>
  /** Fetched at every popup opening: a change on the site's Settings counts at once. */
  'account:profile': Def<'page', NoInput, AgentProfileLookup>
  /** `permission`: the agent's answer for this listing, asked every time (never remembered). */
  'convert:start': Def<
    'page',
    { sourceTabId: number; listing: NormalizedListing; permission: ListingPermission },
    ConvertOutcome
  >
  'convert:status': Def<'page', { sourceTabId: number }, ConversionState | null>
  // popup → worker: FSBO leads (src/background/lead-handlers.ts)
  'leads:page': Def<'page', { tabId: number }, FsboPage>
  'leads:save': Def<'page', { lead: SaveLeadBody }, LeadSaveOutcome>
  'scan:start': Def<'page', { sourceTabId: number }, ScanStartOutcome>
  'scan:status': Def<'page', NoInput, ScanState | null>
  'scan:cancel': Def<'page', NoInput, ScanState | null>
  // Marketplace content script → worker (its tab comes from the sender, never from the message)
  'draft:get': Def<'content', NoInput, PendingDraftView | null>
  /** Answered once the photo is stored (waiting for its download); null: it could not be had. */
  'draft:photo': Def<'content', { index: number }, PhotoPayload | null>
  'draft:filled': Def<'content', FillSummary, { ok: true }>
  /**
   * After a fill: the worker posts the report (saveFillReport) with its session. Answered
   * `ok` whatever came of the post: a failure is the worker's to log, never the agent's.
   */
  'fill:report': Def<'content', FillReportBody, { ok: true }>
  /** The agent showed the filler a field's control: its label, kept for the next fills. */
  'teach:save': Def<'content', { field: FormFieldKey; label: string }, { ok: true }>
  /**
   * Fields the profile `version` could not find: the worker fetches the profile at once and
   * answers it when it is another version; null when it is the same, or could not be had.
   */
  'profile:refresh': Def<'content', { version: string }, MarketplaceFormProfile | null>
  // worker → the listing content script (every source)
  'listing:extract': Def<'tab', NoInput, ListingExtraction>
  // worker → FSBO and Zillow content scripts: the page's lead, or the listings it links to
  'fsbo:inspect': Def<'tab', NoInput, FsboPage>
  // site → worker: ExternalMessageMap (externally_connectable; sender.origin must be a site origin)
}

export type MessageType = keyof MessageMap

/** The popup's FSBO-lead messages, answered apart from the rest (lead-handlers.ts). */
export type LeadPageMessage =
  'leads:page' | 'leads:save' | 'scan:start' | 'scan:status' | 'scan:cancel'
export type MessageOf<C extends Channel> = {
  [K in MessageType]: MessageMap[K]['channel'] extends C ? K : never
}[MessageType]
export type RequestOf<T extends MessageType> = MessageMap[T]['request']
export type ResponseOf<T extends MessageType> = MessageMap[T]['response']

/** A message on the wire. */
export type Envelope<T extends MessageType = MessageType> = { type: T; payload: RequestOf<T> }

/** An answer on the wire: handlers' exceptions travel as `error`, so a caller never hangs. */
export type Reply<T extends MessageType = MessageType> = ExtensionReply<ResponseOf<T>>

/** Which channel each type belongs to, for the dispatchers' checks at run time. */
export const MESSAGE_CHANNELS: { readonly [K in MessageType]: MessageMap[K]['channel'] } = {
  'session:status': 'page',
  'session:login': 'page',
  'session:logout': 'page',
  'listing:get': 'page',
  'account:profile': 'page',
  'convert:start': 'page',
  'convert:status': 'page',
  'leads:page': 'page',
  'leads:save': 'page',
  'scan:start': 'page',
  'scan:status': 'page',
  'scan:cancel': 'page',
  'draft:get': 'content',
  'draft:photo': 'content',
  'draft:filled': 'content',
  'fill:report': 'content',
  'teach:save': 'content',
  'profile:refresh': 'content',
  'listing:extract': 'tab',
  'fsbo:inspect': 'tab',
  'session:set': 'external',
  'session:clear': 'external',
  'session:get': 'external',
  'listing:fill-again': 'external',
}

export class MessageError extends Error {
  override readonly name = 'MessageError'
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false
  const { type, payload } = value as { type?: unknown; payload?: unknown }
  return (
    typeof type === 'string' &&
    Object.hasOwn(MESSAGE_CHANNELS, type) &&
    typeof payload === 'object' &&
    payload !== null
  )
}

function unwrap<T extends MessageType>(type: T, reply: unknown): ResponseOf<T> {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) {
    throw new MessageError(`No answer to ${type}`)
  }
  const typed = reply as Reply<T>
  if (!typed.ok) throw new MessageError(typed.error)
  return typed.value
}

/** Popup or content script → worker. Rejects with MessageError when the handler failed. */
export async function sendMessage<T extends MessageOf<'page' | 'content'>>(
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseOf<T>> {
  const envelope: Envelope<T> = { type, payload }
  return unwrap(type, await chrome.runtime.sendMessage(envelope))
}

/** Worker → a tab's content script. Rejects when no content script listens there. */
export async function sendTabMessage<T extends MessageOf<'tab'>>(
  tabId: number,
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseOf<T>> {
  const envelope: Envelope<T> = { type, payload }
  return unwrap(type, await chrome.tabs.sendMessage(tabId, envelope, { frameId: 0 }))
}

export type Handler<T extends MessageType> = (
  payload: RequestOf<T>,
  sender: chrome.runtime.MessageSender,
) => ResponseOf<T> | Promise<ResponseOf<T>>

export type Handlers<C extends Channel> = { [K in MessageOf<C>]: Handler<K> }

/**
 * Answers one message with its handler; `accept` decides whether this sender may send this type.
 * Returns true (keep the channel open) when it will answer, false when the message is not ours.
 */
export function dispatch<C extends Channel>(
  handlers: Handlers<C>,
  accept: (type: MessageOf<C>, sender: chrome.runtime.MessageSender) => boolean,
  message: unknown,
  sender: chrome.runtime.MessageSender,
  sendResponse: (reply: Reply) => void,
): boolean {
  if (!isEnvelope(message) || !Object.hasOwn(handlers, message.type)) return false
  const type = message.type as MessageOf<C>
  if (!accept(type, sender)) {
    sendResponse({ ok: false, error: `${type} is not accepted from this sender` })
    return false
  }
  const handler = handlers[type] as Handler<MessageOf<C>>
  Promise.resolve()
    .then(() => handler(message.payload as RequestOf<MessageOf<C>>, sender))
    .then(
      (value) => {
        sendResponse({ ok: true, value })
      },
      (error: unknown) => {
        sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) })
      },
    )
  return true
}
