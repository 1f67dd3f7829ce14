/**
 * Where the extension keeps its state: every key in one place. `local` survives a browser
 * restart; `session` lives until the browser closes and, at its default access level, only
 * extension pages and the worker can read it (content scripts cannot).
 */
export const LOCAL = {
  /**
   * The refresh token and user id: the login survives a browser restart
   * (docs/architecture.md#state).
   */
  refreshToken: 'auth.refreshToken',
  userId: 'auth.userId',
  email: 'auth.email',
  /** Why the session ended, shown once on the login form ("Session expired…"). */
  notice: 'auth.notice',
  /** The last valid Marketplace form profile fetched from the server, and when (StoredFormProfile). */
  formProfile: 'marketplace.formProfile',
  /** Field → the label text the agent taught for it ("Show me"; TaughtLabels). */
  taughtLabels: 'marketplace.taughtLabels',
} as const

/**
 * Keys older versions wrote and nothing reads any more, removed when the extension is installed
 * or updated. `compliance.confirmations`: the once-per-user answer to the permission question,
 * now asked for every listing.
 */
export const RETIRED_LOCAL_KEYS = ['compliance.confirmations'] as const

export const SESSION = {
  accessToken: 'auth.accessToken',
  /** The conversion in progress or last finished (ConversionState). */
  conversion: 'conversion',
  /** The FSBO results scan in progress or last finished (ScanState). */
  scan: 'fsboScan',
} as const

/** The pending draft of a Marketplace tab. */
export function draftKey(tabId: number): string {
  return `draft.${tabId}`
}

export type Area = 'local' | 'session'

function area(name: Area): chrome.storage.StorageArea {
  return chrome.storage[name]
}

export async function readValue<T>(name: Area, key: string): Promise<T | undefined> {
  const values = await area(name).get(key)
  return values[key] as T | undefined
}

export async function writeValues(name: Area, values: Record<string, unknown>): Promise<void> {
  await area(name).set(values)
}

export async function removeKeys(name: Area, keys: string | string[]): Promise<void> {
  await area(name).remove(keys)
}
