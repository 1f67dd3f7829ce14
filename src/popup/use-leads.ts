import { useCallback, useEffect, useState } from 'react'
import { DEFAULT_ERROR_MESSAGE } from '../../api/client/api-error.ts'
import type { ConvertError } from '../../api/extension-messages.ts'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import { isScanRunning } from '../fsbo/scan-state.ts'
import { sendMessage, type ScanStartOutcome, type ScanState } from '../messages.ts'
import { SESSION } from '../storage.ts'
import type { PopupModel } from './use-popup.ts'

export type FsboPageView = { state: 'loading' } | { state: 'done'; page: FsboPage }

export type LeadSaveView =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; created: boolean }
  | { state: 'failed'; error: ConvertError }

export type ScanStartError = Extract<ScanStartOutcome, { ok: false }>['error']

export interface LeadsModel {
  page: FsboPageView
  save: LeadSaveView
  /** The scan running or last finished, whichever tab it belongs to. */
  scan: ScanState | null
  scanError: ScanStartError | null
  /** Scan this page was pressed and the worker has not answered yet. */
  starting: boolean
  saveLead: () => Promise<void>
  startScan: () => Promise<void>
  cancelScan: () => Promise<void>
}

/** The later of two states of the same scan (the worker's answer can trail its storage writes). */
function latest(previous: ScanState | null, next: ScanState): ScanState {
  if (previous?.scanId !== next.scanId) return next
  return next.updatedAt >= previous.updatedAt ? next : previous
}

function endedBySession(next: ScanState | null, previous: ScanState | null): boolean {
  return (
    next?.phase === 'stopped' && next.stop?.kind === 'session-expired' && isScanRunning(previous)
  )
}

/**
 * The popup's FSBO side: the page's lead (kept for the popup's whole life, like the listing, so
 * Save lead can be retried after any failure, even after logging in again) or its search results,
 * and the scan, which the worker runs and writes to chrome.storage.session for the popup to follow.
 */
export function useLeads(popup: Pick<PopupModel, 'session' | 'tab' | 'expireSession'>): LeadsModel {
  const { tab, expireSession } = popup
  const loggedIn = popup.session.state === 'logged-in'
  const [page, setPage] = useState<FsboPageView>({ state: 'loading' })
  const [save, setSave] = useState<LeadSaveView>({ state: 'idle' })
  const [scan, setScan] = useState<ScanState | null>(null)
  const [scanError, setScanError] = useState<ScanStartError | null>(null)
  const [starting, setStarting] = useState(false)
  const havePage = page.state === 'done'

  useEffect(() => {
    if (!loggedIn || !tab || havePage) return
    const mounted = { live: true }
    void Promise.all([
      sendMessage('leads:page', { tabId: tab.id }),
      sendMessage('scan:status', {}),
    ]).then(
      ([found, current]) => {
        if (!mounted.live) return
        setPage({ state: 'done', page: found })
        if (current) setScan((previous) => latest(previous, current))
      },
      () => {
        if (mounted.live) setPage({ state: 'done', page: { kind: 'other' } })
      },
    )
    return () => {
      mounted.live = false
    }
  }, [loggedIn, tab, havePage])

  useEffect(() => {
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const change = changes[SESSION.scan]
      if (area !== 'session' || !change) return
      const next = (change.newValue as ScanState | undefined) ?? null
      setScan(next)
      if (endedBySession(next, (change.oldValue as ScanState | undefined) ?? null)) {
        expireSession()
      }
    }
    chrome.storage.onChanged.addListener(onChanged)
    return () => {
      chrome.storage.onChanged.removeListener(onChanged)
    }
  }, [expireSession])

  const saveLead = useCallback(async () => {
    if (page.state !== 'done' || page.page.kind !== 'listing' || !page.page.extraction.ok) return
    const lead = page.page.extraction.lead
    setSave({ state: 'saving' })
    try {
      const outcome = await sendMessage('leads:save', { lead })
      if (outcome.ok) {
        setSave({ state: 'saved', created: outcome.created })
      } else if (outcome.error.kind === 'session-expired') {
        setSave({ state: 'idle' })
        expireSession()
      } else {
        setSave({ state: 'failed', error: outcome.error })
      }
    } catch {
      setSave({ state: 'failed', error: { kind: 'failed', message: DEFAULT_ERROR_MESSAGE } })
    }
  }, [page, expireSession])

  const startScan = useCallback(async () => {
    if (!tab) return
    setScanError(null)
    setStarting(true)
    try {
      const outcome = await sendMessage('scan:start', { sourceTabId: tab.id })
      if (outcome.ok) {
        const started = outcome.scan
        setScan((previous) => latest(previous, started))
      } else {
        setScanError(outcome.error)
      }
    } catch {
      setScanError({ kind: 'failed', message: DEFAULT_ERROR_MESSAGE })
    } finally {
      setStarting(false)
    }
  }, [tab])

  const cancelScan = useCallback(async () => {
    const state = await sendMessage('scan:cancel', {}).catch(() => null)
    if (state) setScan((previous) => latest(previous, state))
  }, [])

  return { page, save, scan, scanError, starting, saveLead, startScan, cancelScan }
}
