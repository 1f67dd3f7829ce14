import { useCallback, useEffect, useState } from 'react'
import { DEFAULT_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import {
  sendMessage,
  type ConversionState,
  type ConvertError,
  type ConvertOutcome,
  type ListingLookup,
  type LoginResult,
} from '../messages.ts'
import { SESSION } from '../storage.ts'
import { activeTab, type ActiveTab } from './active-tab.ts'
import { hasConfirmed, recordConfirmation } from './compliance.ts'

export type SessionView =
  | { state: 'loading' }
  | { state: 'logged-out'; notice: string | null }
  | { state: 'logged-in'; userKey: string; email: string | null }

export type ListingView =
  { state: 'loading' } | { state: 'no-tab' } | { state: 'done'; lookup: ListingLookup }

export interface PopupModel {
  session: SessionView
  /** The tab the popup was opened over, once read (after login). */
  tab: ActiveTab | null
  listing: ListingView
  conversion: ConversionState | null
  /** A failure the worker answered that is not in the stored state (e.g. "busy"). */
  error: ConvertError | null
  /** The compliance question is showing. */
  confirming: boolean
  login: (email: string, password: string) => Promise<LoginResult>
  logout: () => Promise<void>
  convert: () => Promise<void>
  confirmAndConvert: () => Promise<void>
  cancelConfirm: () => void
  /** The server refused the session: back to the login form, saying so. */
  expireSession: () => void
}

const RUNNING = new Set(['converting', 'opening'])

export function isRunning(conversion: ConversionState | null): boolean {
  return conversion !== null && RUNNING.has(conversion.phase)
}

/**
 * The popup's state. The extracted listing is kept here for the popup's whole life: no failure
 * (server down, trial over, session expired and logged in again) clears it, and Convert sends
 * it again without extracting anew.
 */
export function usePopup(): PopupModel {
  const [session, setSession] = useState<SessionView>({ state: 'loading' })
  const [tab, setTab] = useState<ActiveTab | null>(null)
  const [listing, setListing] = useState<ListingView>({ state: 'loading' })
  const [conversion, setConversion] = useState<ConversionState | null>(null)
  const [error, setError] = useState<ConvertError | null>(null)
  const [confirming, setConfirming] = useState(false)

  useEffect(() => {
    const mounted = { live: true }
    void sendMessage('session:status', {}).then((status) => {
      if (!mounted.live) return
      setSession(
        status.loggedIn
          ? {
              state: 'logged-in',
              userKey: status.userId ?? status.email ?? '',
              email: status.email,
            }
          : { state: 'logged-out', notice: status.notice },
      )
    })
    return () => {
      mounted.live = false
    }
  }, [])

  const loggedIn = session.state === 'logged-in'
  const haveListing = listing.state === 'done'

  // Read the tab's listing once, after login; kept from then on.
  useEffect(() => {
    if (!loggedIn || haveListing) return
    const mounted = { live: true }
    // A function, not the flag itself: TypeScript would keep a checked flag narrowed across awaits.
    const gone = () => !mounted.live
    void (async () => {
      const current = await activeTab()
      if (gone()) return
      setTab(current)
      if (!current) {
        setListing({ state: 'no-tab' })
        return
      }
      const [lookup, state] = await Promise.all([
        sendMessage('listing:get', { tabId: current.id, url: current.url }),
        sendMessage('convert:status', { sourceTabId: current.id }),
      ])
      if (gone()) return
      setListing({ state: 'done', lookup })
      setConversion(state)
    })()
    return () => {
      mounted.live = false
    }
  }, [loggedIn, haveListing])

  // The worker writes the conversion's progress to storage; follow it while the popup is open.
  useEffect(() => {
    if (!tab) return
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const change = changes[SESSION.conversion]
      if (area !== 'session' || !change) return
      const next = (change.newValue as ConversionState | undefined) ?? null
      if (next?.sourceTabId === tab.id) setConversion(next)
    }
    chrome.storage.onChanged.addListener(onChanged)
    return () => {
      chrome.storage.onChanged.removeListener(onChanged)
    }
  }, [tab])

  const login = useCallback(async (email: string, password: string) => {
    const result = await sendMessage('session:login', { email, password })
    if (result.ok) {
      const status = await sendMessage('session:status', {})
      setSession(
        status.loggedIn
          ? { state: 'logged-in', userKey: status.userId ?? result.email, email: status.email }
          : { state: 'logged-out', notice: status.notice },
      )
    }
    return result
  }, [])

  const logout = useCallback(async () => {
    await sendMessage('session:logout', {})
    setSession({ state: 'logged-out', notice: null })
    setError(null)
    setConfirming(false)
  }, [])

  const run = useCallback(async () => {
    if (!tab || listing.state !== 'done' || !listing.lookup.ok) return
    const listingToSend: NormalizedListing = listing.lookup.listing
    setError(null)
    let outcome: ConvertOutcome
    try {
      outcome = await sendMessage('convert:start', {
        sourceTabId: tab.id,
        listing: listingToSend,
      })
    } catch {
      // No answer: Chrome stopped the worker mid-conversion and the channel closed. Asking for
      // the status starts it again, and a starting worker marks the conversion nobody drives any
      // more as interrupted: the popup shows that, with Convert to retry, not endless progress.
      const state = await sendMessage('convert:status', { sourceTabId: tab.id }).catch(() => null)
      setConversion(state)
      if (state === null) setError({ kind: 'failed', message: DEFAULT_ERROR_MESSAGE })
      return
    }
    if (outcome.ok) return
    if (outcome.error.kind === 'session-expired') {
      setSession({ state: 'logged-out', notice: SESSION_EXPIRED_MESSAGE })
      return
    }
    setError(outcome.error)
  }, [tab, listing])

  const convert = useCallback(async () => {
    if (session.state !== 'logged-in') return
    if (!(await hasConfirmed(session.userKey))) {
      setConfirming(true)
      return
    }
    await run()
  }, [session, run])

  const confirmAndConvert = useCallback(async () => {
    if (session.state !== 'logged-in') return
    await recordConfirmation(session.userKey)
    setConfirming(false)
    await run()
  }, [session, run])

  const cancelConfirm = useCallback(() => {
    setConfirming(false)
  }, [])

  const expireSession = useCallback(() => {
    setSession({ state: 'logged-out', notice: SESSION_EXPIRED_MESSAGE })
  }, [])

  return {
    session,
    tab,
    listing,
    conversion,
    error,
    confirming,
    login,
    logout,
    convert,
    confirmAndConvert,
    cancelConfirm,
    expireSession,
  }
}
