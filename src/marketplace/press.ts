import { matchingText } from './text-match.ts'

/** Thrown when something asks the filler to press a button it must never press. */
export class ForbiddenPressError extends Error {
  override readonly name = 'ForbiddenPressError'
}

/**
 * The filler's one way to click. It refuses any element that is, or sits in, a button or link
 * reading as one of `neverPress` (Next, Publish…): the user reviews the draft and posts it.
 */
export function press(element: HTMLElement, neverPress: readonly string[]): void {
  const button = element.closest('button, [role=button], a, [role=link], input[type=submit]')
  for (const candidate of [element, button]) {
    if (candidate === null) continue
    const text = candidate.getAttribute('aria-label') ?? candidate.textContent
    const value = candidate instanceof HTMLInputElement ? candidate.value : null
    if (matchingText(text, neverPress) !== null || matchingText(value, neverPress) !== null) {
      throw new ForbiddenPressError(`Refusing to press "${text}"`)
    }
  }
  const view = element.ownerDocument.defaultView
  const init: MouseEventInit = { bubbles: true, cancelable: true, composed: true, button: 0, view }
  const scope = view ?? globalThis
  element.scrollIntoView({ block: 'center' })
  const pointer = typeof scope.PointerEvent === 'function'
  if (pointer) {
    element.dispatchEvent(new scope.PointerEvent('pointerdown', { ...init, pointerType: 'mouse' }))
  }
  element.dispatchEvent(new scope.MouseEvent('mousedown', init))
  if (pointer) {
    element.dispatchEvent(new scope.PointerEvent('pointerup', { ...init, pointerType: 'mouse' }))
  }
  element.dispatchEvent(new scope.MouseEvent('mouseup', init))
  element.dispatchEvent(new scope.MouseEvent('click', init))
}

/** Closes an open list: Escape on the element, as a person does. */
export function pressEscape(element: HTMLElement): void {
  const view = element.ownerDocument.defaultView ?? globalThis
  const init = { bubbles: true, cancelable: true, key: 'Escape', code: 'Escape' }
  element.dispatchEvent(new view.KeyboardEvent('keydown', init))
  element.dispatchEvent(new view.KeyboardEvent('keyup', init))
}
