import { normalizeText } from './text-match.ts'

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
export function findField(doc: Document, texts: readonly string[]): FieldControl | null {
  const labels = findLabelElements(doc, texts)
  for (const label of labels) {
    const control = tiedControl(doc, label)
    if (control !== null) return control
  }
  for (const label of labels) {
    const control = nearestControl(doc, label)
    if (control !== null) return control
  }
  return null
}

/**
 * The hidden `input[type=file]` for photos: the one next to a photos label if there is one, else
 * the only image input on the page.
 */
export function findPhotoInput(doc: Document, texts: readonly string[]): HTMLInputElement | null {
  const inputs = Array.from(doc.querySelectorAll<HTMLInputElement>('input[type=file]')).filter(
    (input) => input.closest('[data-listingbridge]') === null,
  )
  const images = inputs.filter((input) => /image|\.jpe?g|\.png/i.test(input.accept || 'image'))
  for (const label of findLabelElements(doc, texts)) {
    for (const container of ancestors(label, MAX_CONTAINER_DEPTH + 2)) {
      const near = images.filter((input) => container.contains(input))
      if (near.length === 1 && near[0] !== undefined) return near[0]
      if (near.length > 1) break
    }
  }
  return images.length === 1 ? (images[0] ?? null) : null
}
