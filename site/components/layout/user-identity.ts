/**
 * The user menu's name (docs/product.md#layout-user-menu): the interface state's name, else the
 * stored username. Empty when neither is known: the avatar then shows the generic icon and the
 * label reads "User".
 */
export function knownUserName(uiName: string, storedName: string | null): string {
  return uiName.trim() || storedName?.trim() || ''
}

export const FALLBACK_USER_NAME = 'User'

export function userLabel(knownName: string): string {
  return knownName || FALLBACK_USER_NAME
}
