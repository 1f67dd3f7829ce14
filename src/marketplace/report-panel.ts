import type { brand } from '../../api/brand.ts'
import type { FormFieldKey } from '../../api/schemas/marketplace-form-profile.ts'
import type { FillReport, NeedsYou } from './fill-marketplace.ts'
import { fieldName } from './labels.ts'

/** Type-tied to the brand module without importing it at run time (the content script stays small). */
const PRODUCT: (typeof brand)['name'] = 'ListingBridge'

const TEXT = {
  title: `${PRODUCT} filled your draft`,
  titleNothing: `${PRODUCT} couldn't fill your draft`,
  filled: (count: number) => `Filled (${count})`,
  needsYou: (count: number) => `Needs you (${count})`,
  allDone: 'Nothing left for you but to check it.',
  form: 'The form',
  footer: `Review the draft, then post it yourself: ${PRODUCT} never publishes for you.`,
  close: 'Close',
  showMe: 'Show me',
  showMeLabel: (name: string) => `Show me the ${name} field`,
  cancel: 'Cancel',
  working: `${PRODUCT} is filling your draft…`,
  addingPhotos: (done: number, total: number) => `Adding photos ${done}/${total}`,
} as const

const STYLE = `
:host { all: initial; }
section {
  position: fixed; right: 16px; bottom: 16px; z-index: 2147483647;
  width: min(360px, calc(100vw - 32px)); max-height: min(70vh, 560px); overflow: auto;
  box-sizing: border-box; padding: 14px 16px 12px;
  background: #fff; color: #1c1e21; border: 1px solid #ccd0d5; border-radius: 10px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18);
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
header { display: flex; align-items: flex-start; gap: 8px; }
h2 { flex: 1; margin: 0; font-size: 15px; font-weight: 600; }
h3 { margin: 12px 0 4px; font-size: 13px; font-weight: 600; }
ul { margin: 0; padding-left: 18px; }
li { margin: 2px 0; }
.needs li strong { font-weight: 600; }
p { margin: 10px 0 0; color: #65676b; font-size: 12px; }
button.close {
  flex: none; width: 28px; height: 28px; border: 0; border-radius: 50%;
  background: #e4e6eb; color: #1c1e21; font: 600 16px/28px system-ui, sans-serif; cursor: pointer;
}
button.show-me, button.cancel {
  margin-left: 4px; padding: 2px 10px; border: 0; border-radius: 6px;
  background: #e7f3ff; color: #1b74e4; font: 600 12px/20px system-ui, sans-serif; cursor: pointer;
}
button:hover { background: #d8dadf; }
.hint p { color: #1c1e21; font-size: 13px; }
button:focus-visible { outline: 2px solid #1b74e4; outline-offset: 2px; }
`

export interface ReportPanel {
  /** The element added to the page (its shadow root holds the panel). */
  host: HTMLElement
  close(): void
  /** A hint (teach mode: "Click the … field"), with Cancel when `cancel` is given; null clears. */
  hint(text: string | null, cancel?: () => void): void
  /** The agent showed the field and it is filled now: it moves to Filled. */
  taught(field: FormFieldKey): void
}

export interface ReportPanelOptions {
  /** Fields the agent may show the filler: each gets a "Show me" button, which calls `showMe`. */
  teachable?: readonly FormFieldKey[]
  showMe?: (field: FormFieldKey) => void
  /** Once, when the panel closes (its button, or Escape outside teach mode). */
  onClose?: () => void
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag)
  if (text !== undefined) created.textContent = text
  return created
}

function nameOf(field: NeedsYou['field']): string {
  return field === 'form' ? TEXT.form : fieldName(field)
}

function button(doc: Document, text: string, className: string): HTMLButtonElement {
  const created = element(doc, 'button', text)
  created.type = 'button'
  created.className = className
  return created
}

/**
 * Shows on the page what was filled and what needs the user: a small panel in a shadow root (the
 * page's CSS cannot reach it), built with DOM calls and `textContent` only, closable with its
 * button or Escape. A second call replaces the first panel. Fields the agent may show the filler
 * get a "Show me" button; the filler's teach mode talks through `hint` and `taught`.
 */
export function showFillReport(
  report: Pick<FillReport, 'filled' | 'needsYou'>,
  doc: Document = document,
  options: ReportPanelOptions = {},
): ReportPanel {
  const { host, section } = panel(doc, 'report')
  const filled = [...report.filled]
  let needsYou = [...report.needsYou]
  const teachable = new Set(options.teachable ?? [])

  const header = element(doc, 'header')
  const title = element(doc, 'h2')
  title.id = 'listingbridge-title'
  const closeButton = button(doc, '×', 'close')
  closeButton.setAttribute('aria-label', TEXT.close)
  closeButton.title = TEXT.close
  header.append(title, closeButton)
  const filledHeading = element(doc, 'h3')
  const filledList = element(doc, 'ul')
  const needs = element(doc, 'div')
  needs.className = 'needs'
  needs.setAttribute('role', 'status')
  const hintPart = element(doc, 'div')
  hintPart.className = 'hint'
  hintPart.setAttribute('role', 'status')
  hintPart.setAttribute('aria-live', 'polite')
  section.append(header, filledHeading, filledList, needs, hintPart, element(doc, 'p', TEXT.footer))

  const render = () => {
    title.textContent = filled.length > 0 ? TEXT.title : TEXT.titleNothing
    filledHeading.textContent = filled.length > 0 ? TEXT.filled(filled.length) : ''
    filledList.replaceChildren(...filled.map((field) => element(doc, 'li', nameOf(field))))
    filledHeading.hidden = filled.length === 0
    filledList.hidden = filled.length === 0
    needs.replaceChildren()
    if (needsYou.length === 0) {
      needs.append(element(doc, 'p', TEXT.allDone))
      return
    }
    const list = element(doc, 'ul')
    const offered = new Set<FormFieldKey>()
    for (const item of needsYou) {
      const entry = element(doc, 'li')
      entry.append(element(doc, 'strong', nameOf(item.field)), `: ${item.reason}`)
      const { field } = item
      if (field !== 'form' && teachable.has(field) && !offered.has(field) && options.showMe) {
        offered.add(field)
        const showMe = button(doc, TEXT.showMe, 'show-me')
        showMe.setAttribute('aria-label', TEXT.showMeLabel(nameOf(field)))
        const show = options.showMe
        showMe.addEventListener('click', () => {
          show(field)
        })
        entry.append(' ', showMe)
      }
      list.append(entry)
    }
    needs.append(element(doc, 'h3', TEXT.needsYou(needsYou.length)), list)
  }
  render()

  let closed = false
  const close = () => {
    host.remove()
    if (closed) return
    closed = true
    options.onClose?.()
  }
  closeButton.addEventListener('click', close)
  section.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close()
  })

  const hint = (text: string | null, cancel?: () => void) => {
    hintPart.replaceChildren()
    if (text === null) return
    hintPart.append(element(doc, 'p', text))
    if (cancel !== undefined) {
      const cancelButton = button(doc, TEXT.cancel, 'cancel')
      cancelButton.addEventListener('click', cancel)
      hintPart.append(cancelButton)
      cancelButton.focus()
    }
  }
  const taught = (field: FormFieldKey) => {
    if (!filled.includes(field)) filled.push(field)
    needsYou = needsYou.filter((item) => item.field !== field)
    teachable.delete(field)
    render()
  }
  return { host, close, hint, taught }
}

/**
 * A new panel on the page, replacing any panel of ours (progress or report): its host, and the
 * section (in the host's shadow root) to fill.
 */
function panel(
  doc: Document,
  kind: 'progress' | 'report',
): { host: HTMLElement; section: HTMLElement } {
  const ours = doc.querySelectorAll('[data-listingbridge=progress], [data-listingbridge=report]')
  for (const old of ours) old.remove()
  const host = element(doc, 'div')
  host.dataset.listingbridge = kind
  const root = host.attachShadow({ mode: 'open' })
  root.append(element(doc, 'style', STYLE))
  const section = element(doc, 'section')
  section.setAttribute('role', 'region')
  section.setAttribute('aria-labelledby', 'listingbridge-title')
  root.append(section)
  doc.body.append(host)
  return { host, section }
}

export interface ProgressPanel {
  host: HTMLElement
  /** `done` of the draft's photos are in (attached soon, or failed). */
  photos: (done: number) => void
}

/**
 * While the form is filled: says so, and counts the photos as they arrive from the worker (they
 * may still be downloading when the text fields are done). The report replaces it.
 */
export function showFillProgress(photoCount: number, doc: Document = document): ProgressPanel {
  const { host, section } = panel(doc, 'progress')
  const title = element(doc, 'h2', TEXT.working)
  title.id = 'listingbridge-title'
  const status = element(doc, 'p')
  status.setAttribute('role', 'status')
  section.append(title, status)
  const photos = (done: number) => {
    status.textContent = photoCount > 0 ? TEXT.addingPhotos(done, photoCount) : ''
  }
  photos(0)
  return { host, photos }
}
