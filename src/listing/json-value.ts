/** Small readers for JSON of unknown shape: each returns `undefined` instead of throwing. */

export type JsonRecord = Record<string, unknown>

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function recordAt(value: unknown, ...path: string[]): JsonRecord | undefined {
  let current: unknown = value
  for (const key of path) {
    if (!isRecord(current)) return undefined
    current = current[key]
  }
  return isRecord(current) ? current : undefined
}

export function valueAt(value: unknown, ...path: string[]): unknown {
  let current: unknown = value
  for (const key of path) {
    if (!isRecord(current)) return undefined
    current = current[key]
  }
  return current
}

/** A non-empty string after trimming, else `undefined`. */
export function stringAt(value: unknown, ...path: string[]): string | undefined {
  const found = valueAt(value, ...path)
  if (typeof found !== 'string') return undefined
  const trimmed = found.trim()
  return trimmed === '' ? undefined : trimmed
}

/** A finite number; numeric strings ("3", "1,133") count too. */
export function numberAt(value: unknown, ...path: string[]): number | undefined {
  const found = valueAt(value, ...path)
  if (typeof found === 'number') return Number.isFinite(found) ? found : undefined
  if (typeof found === 'string' && /^\s*-?[\d,]*\.?\d+\s*$/.test(found)) {
    const parsed = Number(found.replace(/[,\s]/g, ''))
    return Number.isFinite(parsed) ? parsed : undefined
  }
  return undefined
}

export function arrayAt(value: unknown, ...path: string[]): unknown[] | undefined {
  const found = valueAt(value, ...path)
  return Array.isArray(found) ? found : undefined
}

/** The trimmed, non-empty strings of an array (other items skipped). */
export function stringsAt(value: unknown, ...path: string[]): string[] {
  const found = arrayAt(value, ...path) ?? []
  const out: string[] = []
  for (const item of found) {
    if (typeof item === 'string' && item.trim() !== '') out.push(item.trim())
  }
  return out
}
