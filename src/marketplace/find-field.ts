import { matchingText, normalizeText } from './text-match.ts'

/** A field's control, found from its visible label. */
export type FieldControl =
  | { kind: 'text'; element: HTMLInputElement | HTMLTextAreaElement; label: HTMLElement }
  | { kind: 'combobox'; element: HTMLElement; label: HTMLElement }
  | { kind: 'file'; element: HTMLInputElement; label: HTMLElement }

/** Elements that can carry a field's visible label on Facebook (spans, mostly). */
const LABEL_CARRIERS = 'span, label, legend, h2, h3, div'
const CONTROLS =
  'input:not([type=hidden]):not([type=file]), textarea, select, [role=combobox], [contenteditable=true]'
/** How far up from a label to look for "its" control when nothing ties them together. */
const MAX_CONTAINER_DEPTH = 4

/**
 * Where a label's text must not be looked for: option lists (an option may read like a label),
 * hidden parts, and the filler's own panel.
 */
function outOfScope(element: Element): boolean {
  return (
    element.closest(
      '[role=listbox], [role=option], [role=menu], [hidden], [aria-hidden=true], [data-listingbridge]',
    ) !== null
  )
}

/** How far up from a piece of text its label element may be ("Price" in span > span > text). */
const MAX_LABEL_DEPTH = 3

/**
 * The innermost elements whose whole visible text is one of `texts`: "Price" in
 * `<label><span><span>Price</span></span><input></label>` is the inner span. Walks the page's
 * text, not its elements, so a large page costs one pass over its words.
 */
export function findLabelElements(doc: Document, texts: readonly string[]): HTMLElement[] {
  const wanted = new Set(texts.map(normalizeText))
  const longest = Math.max(0, ...Array.from(wanted, (text) => text.length))
  const found: HTMLElement[] = []
  // No <body> yet when a content script runs early.
  const root = (doc.body as HTMLElement | null) ?? doc.documentElement
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if ((node.nodeValue ?? '').trim() === '') continue
    let element = node.parentElement
    for (let depth = 0; element !== null && depth < MAX_LABEL_DEPTH; depth += 1) {
      const text = normalizeText(element.textContent)
      if (text.length > longest) break
      if (wanted.has(text) && element.matches(LABEL_CARRIERS)) {
        if (!found.includes(element) && !outOfScope(element)) found.push(element)
        break
      }
      element = element.parentElement
    }
  }
  return found
}

function toControl(element: Element, label: HTMLElement): FieldControl | null {
  if (element instanceof HTMLInputElement) {
    if (element.type === 'file') return { kind: 'file', element, label }
    if (element.type === 'hidden') return null
    return { kind: 'text', element, label }
  }
  if (element instanceof HTMLTextAreaElement) return { kind: 'text', element, label }
  if (element instanceof HTMLElement && element.getAttribute('role') === 'combobox') {
    return { kind: 'combobox', element, label }
  }
  return null
}

/** Labelled by `for`, or by an `aria-labelledby` that names the label's id. */
function tiedControl(doc: Document, label: HTMLElement): FieldControl | null {
  if (label instanceof HTMLLabelElement && label.htmlFor !== '') {
    const target = doc.getElementById(label.htmlFor)
    const control = target === null ? null : toControl(target, label)
    if (control !== null) return control
  }
  for (const owner of [label, ...ancestors(label, 2)]) {
    if (owner.id === '') continue
    for (const element of doc.querySelectorAll('[aria-labelledby]')) {
      const ids = (element.getAttribute('aria-labelledby') ?? '').split(/\s+/)
      if (!ids.includes(owner.id)) continue
      const control = toControl(element, label)
      if (control !== null) return control
      // A labelled group: its one control.
      const inner = element.querySelectorAll(CONTROLS)
      const only = inner.length === 1 ? inner[0] : undefined
      const innerControl = only === undefined ? null : toControl(only, label)
      if (innerControl !== null) return innerControl
    }
  }
  return null
}

function ancestors(element: Element, depth: number): HTMLElement[] {
  const list: HTMLElement[] = []
  let current = element.parentElement
  while (current !== null && list.length < depth) {
    list.push(current)
    current = current.parentElement
  }
  return list
}

/** Another label names this control: it is not ours. */
function labelledByOther(doc: Document, control: Element, label: HTMLElement): boolean {
  const ids = (control.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)
  if (ids.length === 0) return false
  return !ids.some((id) => {
    const named = doc.getElementById(id)
    return named !== null && (named === label || named.contains(label) || label.contains(named))
  })
}

/**
 * The nearest container of the label that holds exactly one control: Facebook wraps label and
 * input in one `<label>` or `<div>`. A wrapping `[role=combobox]` is the control itself.
 */
function nearestControl(doc: Document, label: HTMLElement): FieldControl | null {
  const wrappingCombobox = label.closest('[role=combobox]')
  if (wrappingCombobox !== null) return toControl(wrappingCombobox, label)
  const wrappingLabel = label.closest('label')
  if (wrappingLabel?.control) {
    const control = toControl(wrappingLabel.control, label)
    if (control !== null) return control
  }
  for (const container of ancestors(label, MAX_CONTAINER_DEPTH)) {
    const controls = Array.from(container.querySelectorAll(CONTROLS)).filter(
      (element) => !outOfScope(element) && !element.matches('[role=combobox] *'),
    )
    if (controls.length > 1) return null
    const only = controls[0]
    if (only === undefined) continue
    if (labelledByOther(doc, only, label)) return null
    return toControl(only, label)
  }
  return null
}

/**
 * The control of the field whose visible label is one of `texts`. A control tied to its label
 * (`for`, `aria-labelledby`) wins over one that only sits next to it, so a heading with the same
 * text elsewhere (Marketplace's preview pane) is never taken for the label.
 */
export function findField(doc: Document, texts: readonly string[]): FoundField | null {
  const labels = findLabelElements(doc, texts)
  for (const find of [tiedControl, nearestControl]) {
    for (const label of labels) {
      const control = find(doc, label)
      if (control !== null) return { ...control, text: matchedText(label, texts) }
    }
  }
  return null
}

/** A found control and the text of `texts` its label matched (for the fill report). */
export type FoundField = FieldControl & { text: string }

function matchedText(label: HTMLElement, texts: readonly string[]): string {
  return matchingText(label.textContent, texts) ?? label.textContent.trim()
}

/**
 * The hidden `input[type=file]` for photos: the one next to a photos label if there is one, else
 * the only image input on the page.
 */
export function findPhotoInput(doc: Document, texts: readonly string[]): HTMLInputElement | null {
  return findPhotoInputLabelled(doc, texts)?.input ?? null
}

/** findPhotoInput, with the text of `texts` that found it (null: the page's only image input). */
export function findPhotoInputLabelled(
  doc: Document,
  texts: readonly string[],
): { input: HTMLInputElement; text: string | null } | null {
  const inputs = Array.from(doc.querySelectorAll<HTMLInputElement>('input[type=file]')).filter(
    (input) => input.closest('[data-listingbridge]') === null,
  )
  const images = inputs.filter((input) => /image|\.jpe?g|\.png/i.test(input.accept || 'image'))
  for (const label of findLabelElements(doc, texts)) {
    for (const container of ancestors(label, MAX_CONTAINER_DEPTH + 2)) {
      const near = images.filter((input) => container.contains(input))
      if (near.length === 1 && near[0] !== undefined) {
        return { input: near[0], text: matchedText(label, texts) }
      }
      if (near.length > 1) break
    }
  }
  const only = images.length === 1 ? images[0] : undefined
  return only === undefined ? null : { input: only, text: null }
}

/** What the agent may show as a field's control ("Show me"): what findField can find. */
const TEACHABLE_CONTROLS = 'input:not([type=hidden]):not([type=file]), textarea, [role=combobox]'
/** A label longer than this is some other text, not a field's label. */
const MAX_LABEL_LENGTH = 200

/** The control an event's target is, or is inside, or is the label of; null for anything else. */
export function controlAt(target: EventTarget | null): FieldControl['element'] | null {
  if (!(target instanceof Element) || outOfScope(target)) return null
  const control = target.closest(TEACHABLE_CONTROLS)
  if (control instanceof HTMLElement) return textOrCombobox(control)
  // A click on a <label>'s text: its control, as the browser would focus it.
  const label = target.closest('label')
  return label?.control instanceof HTMLElement ? textOrCombobox(label.control) : null
}

function textOrCombobox(element: HTMLElement): FieldControl['element'] | null {
  if (element instanceof HTMLInputElement) return element.type === 'file' ? null : element
  if (element instanceof HTMLTextAreaElement) return element
  return element.getAttribute('role') === 'combobox' ? element : null
}

function labelText(text: string): string | null {
  const collapsed = text.replace(/\s+/g, ' ').trim()
  return collapsed === '' || collapsed.length > MAX_LABEL_LENGTH ? null : collapsed
}

/** The text of `root` outside `control`: a wrapping label's own words. */
function textOutside(root: Element, control: Element): string {
  const doc = root.ownerDocument
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  const parts: string[] = []
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (!control.contains(node)) parts.push(node.nodeValue ?? '')
  }
  return parts.join(' ')
}

/**
 * The visible label of a control the agent showed: the text its `aria-labelledby` names, else
 * its wrapping `<label>`'s own text, else the nearest label-like text before it (within the few
 * containers findField looks through). Null when none reads like a label.
 */
export function labelNear(control: Element): string | null {
  const doc = control.ownerDocument
  const ids = (control.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)
  const named = ids.map((id) => doc.getElementById(id)?.textContent ?? '').join(' ')
  const byId = labelText(named)
  if (byId !== null) return byId
  const wrapping = control.parentElement?.closest('label')
  const wrapped = wrapping ? labelText(textOutside(wrapping, control)) : null
  if (wrapped !== null) return wrapped
  for (const container of ancestors(control, MAX_CONTAINER_DEPTH)) {
    // As in nearestControl: text in a container of several controls may be another's label.
    const controls = Array.from(container.querySelectorAll(CONTROLS)).filter(
      (element) => !outOfScope(element) && !element.matches('[role=combobox] *'),
    )
    if (controls.length > 1) break
    const walker = doc.createTreeWalker(container, NodeFilter.SHOW_TEXT)
    let before: Node | null = null
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const precedes =
        (node.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      if (!precedes || control.contains(node)) break
      const carrier = node.parentElement
      if ((node.nodeValue ?? '').trim() !== '' && carrier !== null && !outOfScope(carrier)) {
        before = node
      }
    }
    const text = before?.parentElement ? labelText(before.parentElement.textContent) : null
    if (text !== null) return text
  }
  return null
}
