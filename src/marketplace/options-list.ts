/**
 * The options a combobox or typeahead shows. Facebook renders them in a portal at the end of
 * `<body>` (a `[role=listbox]` of `[role=option]`s), not next to the field, so they are looked for
 * in the whole document: first in the list the control names (`aria-controls`/`aria-owns`), else
 * in any shown list that was not there before the control was pressed or typed into.
 */

function shown(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden=true], [data-listingbridge]') !== null) return false
  const view = element.ownerDocument.defaultView
  const style = view?.getComputedStyle(element)
  return style?.display !== 'none' && style?.visibility !== 'hidden'
}

function optionsIn(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('[role=option]')).filter(shown)
}

/** The option elements shown now (see above); `before` are options that were already there. */
export function visibleOptions(
  doc: Document,
  control: Element,
  before: ReadonlySet<Element> = new Set(),
): HTMLElement[] {
  for (const attribute of ['aria-controls', 'aria-owns']) {
    for (const id of (control.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
      const list = doc.getElementById(id)
      if (list === null) continue
      const options = optionsIn(list)
      if (options.length > 0) return options
    }
  }
  return optionsIn(doc).filter((option) => !before.has(option))
}

/** Options shown before pressing, so a list left open elsewhere is not mistaken for ours. */
export function optionsNow(doc: Document): Set<Element> {
  return new Set(optionsIn(doc))
}

/** An option's text: the whole, and each line (a span) of it, for matching. */
export function optionTexts(option: HTMLElement): string[] {
  const lines = Array.from(option.querySelectorAll('span, div'))
    .map((part) => part.textContent)
    .filter((text) => text.trim() !== '')
  return [option.textContent, ...lines]
}
