import { useCallback, useEffect, useState } from 'react'
import { DEFAULT_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { ConvertError } from '../../api/extension-messages.ts'
import type { ListingPermission } from '../../api/listing-permission.ts'
import type { AgentProfile } from '../../api/schemas/agent-profile.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import {
  sendMessage,
  type ConversionState,
  type ConvertOutcome,
  type LoginResult,
} from '../messages.ts'
import type { ListingExtraction } from '../listing/listing-extraction.ts'
import { SESSION } from '../storage.ts'
import { activeTab, type ActiveTab } from './active-tab.ts'

export type SessionView =
  | { state: 'loading' }
  | { state: 'logged-out'; notice: string | null }
  | { state: 'logged-in'; email: string | null }

export type ListingView =
  { state: 'loading' } | { state: 'no-tab' } | { state: 'done'; lookup: ListingExtraction }

/** The agent profile, fetched from the server at every opening: Convert waits for it. */
export type ProfileView =
  | { state: 'loading' }
  | { state: 'done'; profile: AgentProfile | null }
  | { state: 'failed'; error: ConvertError }

export interface PopupModel {
  session: SessionView
  /** The tab the popup was opened over, once read (after login). */
  tab: ActiveTab | null
  listing: ListingView
  conversion: ConversionState | null
  /** A failure the worker answered that is not in the stored state (e.g. "busy"). */
  error: ConvertError | null
  profile: ProfileView
  login: (email: string, password: string) => Promise<LoginResult>
  logout: () => Promise<void>
  /** Converts with the agent's answer for this listing, asked every time. */
  convert: (permission: ListingPermission) => Promise<void>
  /** Asks the server for the profile again (after it could not be had). */
  reloadProfile: () => void
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
  const [profile, setProfile] = useState<ProfileView>({ state: 'loading' })
  /** Bumped to fetch the profile again. */
  const [profileRequest, setProfileRequest] = useState(0)

  useEffect(() => {
    const mounted = { live: true }
    void sendMessage('session:status', {}).then((status) => {
      if (!mounted.live) return
      setSession(
        status.loggedIn
          ? { state: 'logged-in', email: status.email }
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

  // The profile, beside the listing: never kept from an earlier opening, since the agent may have
  // just changed it on Settings. The preview shows meanwhile; Convert waits for it.
  useEffect(() => {
    if (!loggedIn) return
    const mounted = { live: true }
    void sendMessage('account:profile', {})
      .then((lookup): ProfileView =>
        lookup.ok
          ? { state: 'done', profile: lookup.profile }
          : { state: 'failed', error: lookup.error },
      )
      .catch((): ProfileView => ({
        state: 'failed',
        error: { kind: 'failed', message: DEFAULT_ERROR_MESSAGE },
      }))
      .then((view) => {
        if (!mounted.live) return
        if (view.state === 'failed' && view.error.kind === 'session-expired') {
          setSession({ state: 'logged-out', notice: SESSION_EXPIRED_MESSAGE })
          return
        }
        setProfile(view)
      })
    return () => {
      mounted.live = false
    }
  }, [loggedIn, profileRequest])

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
          ? { state: 'logged-in', email: status.email }
          : { state: 'logged-out', notice: status.notice },
      )
    }
    return result
  }, [])

  const logout = useCallback(async () => {
    await sendMessage('session:logout', {})
    setSession({ state: 'logged-out', notice: null })
    setError(null)
    // The next login may be someone else's: their profile is fetched anew.
    setProfile({ state: 'loading' })
  }, [])

  const convert = useCallback(
    async (permission: ListingPermission) => {
      if (!tab || listing.state !== 'done' || !listing.lookup.ok) return
      const listingToSend: NormalizedListing = listing.lookup.listing
      setError(null)
      let outcome: ConvertOutcome
      try {
        outcome = await sendMessage('convert:start', {
          sourceTabId: tab.id,
          listing: listingToSend,
          permission,
        })
      } catch {
        // No answer: Chrome stopped the worker mid-conversion and the channel closed. Asking for
        // the status starts it again, and a starting worker marks the conversion nobody drives
        // any more as interrupted: the popup shows that, with Convert to retry, not endless
        // progress.
        const state = await sendMessage('convert:status', { sourceTabId: tab.id }).catch(() => null)
        setConversion(state)
        if (state === null) setError({ kind: 'failed', message: DEFAULT_ERROR_MESSAGE })
        return
      }
      if (outcome.ok) return
      if (outcome.error.kind === 'session-expired') {
        setSession({ state: 'logged-out', notice: SESSION_EXPIRED_MESSAGE })
        setProfile({ state: 'loading' })
        return
      }
      setError(outcome.error)
    },
    [tab, listing],
  )

  const reloadProfile = useCallback(() => {
    setProfile({ state: 'loading' })
    setProfileRequest((count) => count + 1)
  }, [])

  const expireSession = useCallback(() => {
    setSession({ state: 'logged-out', notice: SESSION_EXPIRED_MESSAGE })
    setProfile({ state: 'loading' })
  }, [])

  return {
    session,
    tab,
    listing,
    conversion,
    error,
    profile,
    login,
    logout,
    convert,
    reloadProfile,
    expireSession,
  }
}
