/**
 * A person's initials (docs/product.md#avatar-initials), for the user menu's avatar and the sample
 * reviews: one word gives its first letter, several the first letters of the first and the last
 * word, upper-cased; an empty name gives null (the avatar then shows a generic user icon).
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
