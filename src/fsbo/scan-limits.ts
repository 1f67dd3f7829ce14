/**
 * How politely a results scan visits listings: the worker keeps to these (fsbo-scan.ts) and the
 * popup says them before the user starts one. No imports: the popup bundles this file alone.
 */

/** Listings one scan visits at most; the rest of a long page waits for another scan. */
export const SCAN_CAP = 25

/** A person reading results opens one every few seconds; so does the scan. */
export const SCAN_PAUSE_MS = { min: 1500, max: 3000 } as const
