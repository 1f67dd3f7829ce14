import { z } from 'zod'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import {
  marketplaceFormProfile,
  type MarketplaceFormProfile,
} from '../../api/schemas/marketplace-form-profile.ts'
import { LOCAL, readValue, writeValues } from '../storage.ts'
import { api } from './api.ts'

/**
 * The Marketplace form profile the filler works from: the newest valid one fetched from the
 * server, kept in chrome.storage.local (a worker Chrome stopped still has it), else the one built
 * in. It is data only: texts the filler compares, never evaluated.
 */

/** An older copy is fetched again at the next conversion. */
export const FORM_PROFILE_MAX_AGE_MS = 10 * 60 * 1000
/** A fetch that hangs counts as failed: the content script waits on `profile:refresh`. */
export const FORM_PROFILE_FETCH_TIMEOUT_MS = 10_000

/** What LOCAL.formProfile holds: a profile and the ISO time of its fetch. */
const storedFormProfile = z.object({ profile: marketplaceFormProfile, fetchedAt: z.string() })
export type StoredFormProfile = z.infer<typeof storedFormProfile>

/**
 * The stored copy, checked again: a profile kept by an older version of the extension may not
 * fit this version's schema, and the built-in one is better than a filler that trips on it.
 */
async function stored(): Promise<{ profile: MarketplaceFormProfile; fetchedAt: number } | null> {
  const parsed = storedFormProfile.safeParse(await readValue<unknown>('local', LOCAL.formProfile))
  if (!parsed.success) return null
  const fetchedAt = Date.parse(parsed.data.fetchedAt)
  return Number.isNaN(fetchedAt) ? null : { profile: parsed.data.profile, fetchedAt }
}

/** The profile to fill with now. */
export async function currentFormProfile(): Promise<MarketplaceFormProfile> {
  try {
    return (await stored())?.profile ?? BUILT_IN_FORM_PROFILE
  } catch {
    return BUILT_IN_FORM_PROFILE
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error('The form profile took too long.'))
    }, ms)
  })
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer)
  })
}

async function fetchAndKeep(): Promise<MarketplaceFormProfile | null> {
  try {
    const answer: unknown = await withTimeout(
      api().call('marketplaceFormProfile'),
      FORM_PROFILE_FETCH_TIMEOUT_MS,
    )
    // The client checked it against the route already; the store trusts only its own check.
    const parsed = marketplaceFormProfile.safeParse(answer)
    if (!parsed.success) return null
    const kept: StoredFormProfile = { profile: parsed.data, fetchedAt: new Date().toISOString() }
    await writeValues('local', { [LOCAL.formProfile]: kept })
    return parsed.data
  } catch {
    // Offline, an error answer, one that breaks the schema: the last good profile stays.
    return null
  }
}

let refreshing: Promise<MarketplaceFormProfile | null> | null = null

/**
 * Fetches the server's profile now and keeps it when valid. Answers it, or null when it could not
 * be had (the last good one stays). Never throws; callers at the same time share one fetch.
 */
export function refreshNow(): Promise<MarketplaceFormProfile | null> {
  refreshing ??= fetchAndKeep().finally(() => {
    refreshing = null
  })
  return refreshing
}

/** Fetches the profile when the stored copy is missing or too old. Never throws. */
export async function refreshIfStale(): Promise<void> {
  let fetchedAt: number | null = null
  try {
    fetchedAt = (await stored())?.fetchedAt ?? null
  } catch {
    // Unreadable storage: fetch, and keep what can be kept.
  }
  const age = fetchedAt === null ? Infinity : Date.now() - fetchedAt
  // A copy from the future: the clock moved back; it is no proof of freshness.
  if (age >= 0 && age <= FORM_PROFILE_MAX_AGE_MS) return
  await refreshNow()
}
