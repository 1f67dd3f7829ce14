/**
 * Setting the value of an input React controls. React keeps its own record of the value it last
 * rendered (its "value tracker", an own `value` property on the element); assigning
 * `element.value` goes through that record, so React sees no change and puts its state back on
 * the next render. The prototype's native setter bypasses the record; the bubbling `input` event
 * then reaches React's root listener, which reads the new value into state (`onChange`).
 */

type ValueElement = HTMLInputElement | HTMLTextAreaElement

/** The prototype defining the native `value` setter of the element's kind (input or textarea). */
function nativeValueOwner(element: ValueElement): object | null {
  let proto = Object.getPrototypeOf(element) as object | null
  while (proto !== null) {
    if (Object.getOwnPropertyDescriptor(proto, 'value')?.set !== undefined) return proto
    proto = Object.getPrototypeOf(proto) as object | null
  }
  return null
}

function fire(element: Element, type: 'input' | 'change') {
  const view = element.ownerDocument.defaultView ?? globalThis
  element.dispatchEvent(new view.Event(type, { bubbles: true }))
}

/** Native setter + bubbling `input` and `change`, with focus around it as a person's typing has. */
export function setReactValue(element: ValueElement, value: string): void {
  const owner = nativeValueOwner(element)
  element.focus()
  // Reflect.set on the prototype runs its setter on the element, skipping any own `value`.
  if (owner === null) element.value = value
  else Reflect.set(owner, 'value', value, element)
  fire(element, 'input')
  fire(element, 'change')
}

/** The slower way, as typed text: selects what is there and inserts `value` (Chrome only). */
export function insertAsTyped(element: ValueElement, value: string): boolean {
  const doc = element.ownerDocument
  // execCommand is deprecated but is the one way to produce a trusted-looking text insertion.
  const exec = (doc as { execCommand?: (id: string, ui: boolean, arg?: string) => boolean })
    .execCommand
  if (typeof exec !== 'function') return false
  element.focus()
  element.select()
  try {
    return exec.call(doc, 'insertText', false, value)
  } catch {
    return false
  }
}

/** Leaves the field as a person does, so validation on blur runs. */
export function leave(element: HTMLElement): void {
  element.blur()
}
