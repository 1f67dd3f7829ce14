/**
 * SPEC §2 avatar initials: one word gives its first letter uppercased; several words give the
 * first letters of the first and the last word; an empty name gives null (a generic user icon).
 */
export function initialsOf(name: string): string | null {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]
  if (first === undefined) return null
  const last = words.length > 1 ? words[words.length - 1] : undefined
  return (firstLetter(first) + (last === undefined ? '' : firstLetter(last))).toUpperCase()
}

/** The first character, whole even when it is outside the Basic Multilingual Plane. */
function firstLetter(word: string): string {
  return String.fromCodePoint(word.codePointAt(0) ?? 0)
}

/**
 * SPEC §2 user menu name: the interface state's name, else the stored username. Empty when
 * neither is known: the avatar then shows the generic icon and the label reads "User".
 */
export function knownUserName(uiName: string, storedName: string | null): string {
  return uiName.trim() || storedName?.trim() || ''
}

export const FALLBACK_USER_NAME = 'User'

export function userLabel(knownName: string): string {
  return knownName || FALLBACK_USER_NAME
}
