import type {
  FormFieldKey,
  FormProfileLanguage,
} from '../../api/schemas/marketplace-form-profile.ts'
import { fillMarketplaceForm, type FillOptions, type FillRequest } from './fill-marketplace.ts'
import { controlAt, findField, labelNear } from './find-field.ts'
import { allFields, fieldLabelTexts, fieldName, labelsForPage, neverPressTexts } from './labels.ts'
import type { ReportPanel } from './report-panel.ts'
import { matchingText } from './text-match.ts'

const TEXT = {
  click: (name: string) => `Click the ${name} field on the form. Press Escape to cancel.`,
  notAControl: (name: string) =>
    `That isn't a form field. Click the box where ${name} goes, or press Escape to cancel.`,
  noLabel: (name: string) =>
    `Couldn't find a label beside that field. Click the ${name} field, or press Escape to cancel.`,
  otherField: (other: string, name: string) =>
    `That's the ${other} field. Click the ${name} field, or press Escape to cancel.`,
  notThatLabel: (label: string) =>
    `Another field on the form is also labelled "${label}". Fill this one in yourself.`,
  filling: (name: string) => `Filling ${name}…`,
  taught: (name: string, label: string) =>
    `Filled ${name}. Next time ListingBridge looks for "${label}" first.`,
  failed: (name: string, reason: string) => `${name}: ${reason}`,
} as const

/** Mouse and pointer events of one click: the page must see none of the click that shows a field. */
const CLICK_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const

export interface TeachOptions {
  /** The fill's request: the draft to fill the shown field with, and the profile's never-press texts. */
  request: FillRequest
  panel: ReportPanel
  /** Keeps the label for the next fills (`teach:save`). */
  save: (field: FormFieldKey, label: string) => Promise<void>
  /** The field was filled on the control the agent showed, found again by `label`. */
  onTaught: (field: FormFieldKey, label: string) => void
  fillOptions?: FillOptions
  document?: Document
  /**
   * Tests only: takes synthetic events (`isTrusted` false) too. Left false, a page script that
   * presses "Show me" or clicks a control it built is ignored.
   */
  acceptUntrusted?: boolean
}

/** Sale or rent: the form re-renders with it, so it is never shown to the filler. */
const NOT_TEACHABLE: ReadonlySet<FormFieldKey> = new Set(['listing_type'])

export interface Teacher {
  /** "Show me": waits for the agent's click on the field's control. */
  start(field: FormFieldKey): void
  cancel(): void
}

/**
 * Teach mode. After "Show me", the agent's next click on a form control (an input, a textarea, a
 * `[role=combobox]`) is taken as the field's control: that one click is kept from the page, the
 * label beside the control is read, and the field is filled there with the draft's value by the
 * filler itself (found by that label, so a label that names another control is refused). Once
 * filled, the label is saved for the next fills. A label that reads as another field's (its
 * profile texts or taught label) is refused. A click elsewhere is the page's, with a hint; Escape
 * or Cancel ends it. Only the agent's own events count: synthetic ones (a page script's) are
 * ignored, both the "Show me" press and the click on a control.
 */
export function createTeacher(options: TeachOptions): Teacher {
  const doc = options.document ?? document
  const view = doc.defaultView ?? window
  const languages = labelsForPage(doc, options.request.profile)
  const neverPress = neverPressTexts(languages)
  const trusted = (event: Event) => event.isTrusted || options.acceptUntrusted === true
  /** Labels taught in this page, besides those the request came with. */
  const taughtHere: Partial<Record<FormFieldKey, string>> = {}
  let teaching: FormFieldKey | null = null
  let busy = false
  /** The click on the panel being dispatched: "Show me" counts only when the agent's. */
  let panelClick: Event | null = null
  options.panel.host.addEventListener(
    'click',
    (event) => {
      panelClick = event
    },
    true,
  )
  const pressedByAgent = () =>
    panelClick !== null && panelClick.eventPhase !== Event.NONE && trusted(panelClick)

  const stop = () => {
    teaching = null
    for (const type of CLICK_EVENTS) view.removeEventListener(type, onPointer, true)
    view.removeEventListener('keydown', onKey, true)
  }

  const cancel = () => {
    if (teaching === null) return
    stop()
    options.panel.hint(null)
  }

  /** The panel is ours: clicks in it (Cancel, another "Show me") are never a field's. */
  const inPanel = (target: EventTarget | null) =>
    target instanceof Element && target.closest('[data-listingbridge]') !== null

  function onPointer(event: Event) {
    const field = teaching
    if (field === null || busy || !trusted(event) || inPanel(event.target)) return
    const control = controlAt(event.target)
    const pressable = control !== null && !namesNeverPress(control, neverPress)
    if (!pressable) {
      if (event.type === 'click') options.panel.hint(TEXT.notAControl(fieldName(field)), cancel)
      return
    }
    event.preventDefault()
    event.stopPropagation()
    event.stopImmediatePropagation()
    if (event.type === 'click') void shown(field, control)
  }

  function onKey(event: KeyboardEvent) {
    if (event.key !== 'Escape' || teaching === null || !trusted(event)) return
    // Escape ends teach mode only: neither the panel nor the page closes on it.
    event.preventDefault()
    event.stopPropagation()
    event.stopImmediatePropagation()
    cancel()
  }

  async function shown(field: FormFieldKey, control: HTMLElement) {
    const name = fieldName(field)
    const label = labelNear(control)
    if (label === null) {
      options.panel.hint(TEXT.noLabel(name), cancel)
      return
    }
    // Bedrooms' value must not go in the Bathrooms box, nor its label be kept as Bedrooms'.
    const other = otherFieldLabelled(label, field, languages, {
      ...options.request.taught,
      ...taughtHere,
    })
    if (other !== null) {
      options.panel.hint(TEXT.otherField(fieldName(other), name), cancel)
      return
    }
    // The next fills find the field by this label: it must lead to this control.
    if (findField(doc, [label])?.element !== control) {
      stop()
      options.panel.hint(TEXT.notThatLabel(label))
      return
    }
    stop()
    busy = true
    options.panel.hint(TEXT.filling(name))
    try {
      const result = await fillMarketplaceForm(
        { ...options.request, photos: [], fields: [field], taught: { [field]: label } },
        { ...options.fillOptions, document: doc },
      )
      if (!result.filled.includes(field)) {
        const reason = result.needsYou.find((item) => item.field === field)?.reason ?? ''
        options.panel.hint(TEXT.failed(name, reason))
        return
      }
      options.panel.taught(field)
      options.panel.hint(TEXT.taught(name, label))
      taughtHere[field] = label
      options.onTaught(field, label)
      await options.save(field, label).catch((error: unknown) => {
        console.warn('ListingBridge could not keep the label you showed:', error)
      })
    } finally {
      busy = false
    }
  }

  return {
    start(field) {
      if (busy || NOT_TEACHABLE.has(field) || !pressedByAgent()) return
      stop()
      teaching = field
      for (const type of CLICK_EVENTS) view.addEventListener(type, onPointer, true)
      view.addEventListener('keydown', onKey, true)
      options.panel.hint(TEXT.click(fieldName(field)), cancel)
    },
    cancel,
  }
}

/** A control that reads like Next or Publish is never pressed, not even to be shown. */
function namesNeverPress(control: HTMLElement, neverPress: readonly string[]): boolean {
  const texts = [control.textContent, control.getAttribute('aria-label'), labelNear(control)]
  return texts.some((text) => matchingText(text, neverPress) !== null)
}

/** The other field `label` reads as (its profile texts, or the label taught for it), or null. */
function otherFieldLabelled(
  label: string,
  field: FormFieldKey,
  languages: readonly FormProfileLanguage[],
  taught: Partial<Record<FormFieldKey, string>>,
): FormFieldKey | null {
  for (const other of allFields()) {
    if (other === field) continue
    const taughtLabel = taught[other]
    const texts = [...fieldLabelTexts(languages, other), ...(taughtLabel ? [taughtLabel] : [])]
    if (matchingText(label, texts) !== null) return other
  }
  return null
}
