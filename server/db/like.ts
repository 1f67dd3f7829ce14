/**
 * `text` to put in a LIKE pattern whose escape character is `\` (`like … escape '\'`): the
 * wildcards `%` and `_` and `\` itself are taken literally, so a pattern never ends in a lone
 * escape character (PostgreSQL refuses that).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A LIKE pattern (escape character `\`) finding `text` anywhere, taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}
