import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { MarketplaceDraft } from '../../api/schemas/marketplace-draft.ts'
import type {
  FormFieldKey,
  FormProfileLanguage,
  MarketplaceFormProfile,
} from '../../api/schemas/marketplace-form-profile.ts'
import type { TaughtLabels } from '../messages.ts'
import { fillAddressTypeahead } from './address-typeahead.ts'
import { chooseOption, showsValue } from './combobox.ts'
import {
  findField,
  findPhotoInputLabelled,
  type FieldControl,
  type FoundField,
} from './find-field.ts'
import {
  fieldLabelTexts,
  labelsForPage,
  neverPressTexts,
  optionTexts,
  type ChoiceField,
} from './labels.ts'
import { attachPhotos, toFile, type PhotoFile } from './photos.ts'
import { insertAsTyped, leave, setReactValue } from './react-input.ts'
import { REASONS, reasonText, type FieldEnd, type ReasonArgs, type ReasonCode } from './reasons.ts'
import { sameValue } from './text-match.ts'
import { sleep, waitFor } from './wait-for.ts'

export type { PhotoFile } from './photos.ts'
export type { TaughtLabels } from '../messages.ts'

/** What the Marketplace content script fills the form with. */
export interface FillRequest {
  draft: MarketplaceDraft
  /**
   * The draft's photos, downloaded by the worker, in the draft's order (those that could not be
   * downloaded left out). A promise while they still download: the fields are filled meanwhile
   * and the photos attached once they are all there.
   */
  photos: readonly PhotoFile[] | Promise<readonly PhotoFile[]>
  /** The photos there so far, in the draft's order: attached when the rest takes too long. */
  arrivedPhotos?: () => readonly PhotoFile[]
  /** The form's texts to look for; the built-in profile when the worker sent none. */
  profile?: MarketplaceFormProfile
  /** Only these fields (a second try with a newer profile); every field when left out. */
  fields?: readonly FormFieldKey[]
  /** Label texts the agent taught ("Show me"), tried before the profile's. */
  taught?: TaughtLabels
}

/** How one field ended, and the label text that found its control (null: none found). */
export interface FieldResult {
  field: FormFieldKey
  end: FieldEnd
  label: string | null
  /** Not found, or found as the wrong kind of control: the agent may show it ("Show me"). */
  teachable?: true
}

export interface NeedsYou {
  /** `form` when the form itself never appeared. */
  field: FormFieldKey | 'form'
  reason: string
}

export interface FillReport {
  filled: FormFieldKey[]
  needsYou: NeedsYou[]
  /** Per field the filler dealt with, for the fill report; no value of the draft in it. */
  results: FieldResult[]
  /** The profile the fill ended with. */
  profileVersion: string
}

export interface FillOptions {
  document?: Document
  /** How long the form may take to render. */
  formTimeoutMs?: number
  /** How long one field may take to appear once the form is there. */
  fieldTimeoutMs?: number
  /** How long options and address suggestions may take to show. */
  optionTimeoutMs?: number
  /** Tries per field when the form does not take a value. */
  attempts?: number
  retryDelayMs?: number
  /** Time for the page to re-render after a change, before checking it took. */
  settleMs?: number
  /** How long the photos may still take once the other fields are done. */
  photoWaitMs?: number
}

const DEFAULTS = {
  formTimeoutMs: 20_000,
  fieldTimeoutMs: 1_500,
  optionTimeoutMs: 3_000,
  attempts: 3,
  retryDelayMs: 150,
  settleMs: 30,
  photoWaitMs: 60_000,
} satisfies Omit<Required<FillOptions>, 'document'>

/** Labels that show the form has rendered. */
const FORM_SIGNS: readonly FormFieldKey[] = [
  'listing_type',
  'property_type',
  'price',
  'description',
]

/** `final`: trying again cannot help (the form does not offer the value). */
type NotFilled = {
  filled: false
  code: ReasonCode
  reason: string
  final?: boolean
  /** The label found a control of the wrong kind: most likely not this field's. */
  wrongKind?: true
}
type Outcome = { filled: true } | NotFilled
const FILLED: Outcome = { filled: true }

function needs<K extends ReasonCode>(code: K, ...args: ReasonArgs<K>): NotFilled {
  return { filled: false, code, reason: reasonText(code, ...args) }
}

type Want =
  | { kind: 'text'; value: string; numeric: boolean }
  | { kind: 'choice'; value: string; texts: string[] }

class Filler {
  readonly doc: Document
  readonly languages: FormProfileLanguage[]
  readonly neverPress: string[]
  readonly options: Omit<Required<FillOptions>, 'document'>
  readonly report: FillReport
  readonly taught: TaughtLabels
  /** Field → the label text that last found its control. */
  readonly matched = new Map<FormFieldKey, string | null>()

  constructor(profile: MarketplaceFormProfile, options: FillOptions, taught: TaughtLabels = {}) {
    this.report = { filled: [], needsYou: [], results: [], profileVersion: profile.version }
    this.taught = taught
    this.doc = options.document ?? document
    this.languages = labelsForPage(this.doc, profile)
    this.neverPress = neverPressTexts(this.languages)
    this.options = {
      formTimeoutMs: options.formTimeoutMs ?? DEFAULTS.formTimeoutMs,
      fieldTimeoutMs: options.fieldTimeoutMs ?? DEFAULTS.fieldTimeoutMs,
      optionTimeoutMs: options.optionTimeoutMs ?? DEFAULTS.optionTimeoutMs,
      attempts: options.attempts ?? DEFAULTS.attempts,
      retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
      settleMs: options.settleMs ?? DEFAULTS.settleMs,
      photoWaitMs: options.photoWaitMs ?? DEFAULTS.photoWaitMs,
    }
  }

  labels(field: FormFieldKey): string[] {
    return fieldLabelTexts(this.languages, field)
  }

  /** The field's control: by the label the agent taught first, then by the profile's. */
  find(field: FormFieldKey): FoundField | null {
    const taught = this.taught[field]
    const found =
      (taught === undefined ? null : findField(this.doc, [taught])) ??
      findField(this.doc, this.labels(field))
    if (found !== null) this.matched.set(field, found.text)
    return found
  }

  waitForField(field: FormFieldKey, timeoutMs: number): Promise<FieldControl | null> {
    return waitFor(this.doc, () => this.find(field), { timeoutMs })
  }

  record(field: FormFieldKey, outcome: Outcome) {
    if (outcome.filled) this.report.filled.push(field)
    else this.report.needsYou.push({ field, reason: outcome.reason })
    // Filled by a label an agent taught: the profile still lacks it, which operators must see.
    const taught = this.taught[field]
    const byTaughtLabel = taught !== undefined && this.matched.get(field) === taught
    const end = outcome.filled ? (byTaughtLabel ? 'taught' : 'filled') : outcome.code
    const label = end === 'notFound' ? null : (this.matched.get(field) ?? null)
    const teachable = !outcome.filled && (end === 'notFound' || outcome.wrongKind === true)
    this.report.results.push({ field, end, label, ...(teachable ? { teachable } : {}) })
  }

  async step(field: FormFieldKey, run: () => Promise<Outcome>) {
    try {
      this.record(field, await run())
    } catch {
      this.record(field, needs('failed'))
    }
  }

  /** A value the listing lacks: worth saying only when the form asks for it. */
  unknown(field: FormFieldKey): Outcome | null {
    return this.find(field) === null ? null : needs('notOnListing')
  }

  async fill(field: FormFieldKey, want: Want | null) {
    if (want === null) {
      const outcome = this.unknown(field)
      if (outcome !== null) this.record(field, outcome)
      return
    }
    await this.step(field, () => this.fillWithRetries(field, want))
  }

  async fillWithRetries(field: FormFieldKey, want: Want): Promise<Outcome> {
    const { attempts, fieldTimeoutMs, retryDelayMs } = this.options
    let last: Outcome = needs('notFound')
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const control = await this.waitForField(field, attempt === 1 ? fieldTimeoutMs : retryDelayMs)
      if (control === null) return last
      last = await this.fillOnce(field, control, want)
      if (last.filled || last.final === true) return last
      await sleep(this.doc, retryDelayMs)
    }
    return last
  }

  async fillOnce(field: FormFieldKey, control: FieldControl, want: Want): Promise<Outcome> {
    if (control.kind === 'file') return needs('notFound')
    if (control.kind === 'combobox') {
      const texts = want.kind === 'choice' ? want.texts : [want.value]
      return this.choose(field, control.element, want.value, texts)
    }
    if (want.kind === 'choice') {
      return { ...needs('noOption', want.value), final: true, wrongKind: true }
    }
    return this.type(field, control.element, want.value, want.numeric)
  }

  async type(
    field: FormFieldKey,
    element: HTMLInputElement | HTMLTextAreaElement,
    value: string,
    numeric: boolean,
  ): Promise<Outcome> {
    const took = () => {
      const now = this.find(field)
      return now?.kind === 'text' && sameValue(now.element.value, value, numeric)
    }
    if (sameValue(element.value, value, numeric)) return FILLED
    setReactValue(element, value)
    await sleep(this.doc, this.options.settleMs)
    if (!took() && element.isConnected && insertAsTyped(element, value)) {
      await sleep(this.doc, this.options.settleMs)
    }
    leave(element)
    return took() ? FILLED : needs('notAccepted', value)
  }

  async choose(
    field: FormFieldKey,
    combobox: HTMLElement,
    value: string,
    texts: string[],
  ): Promise<Outcome> {
    if (showsValue(combobox, texts)) return FILLED
    const result = await chooseOption(combobox, texts, {
      neverPress: this.neverPress,
      timeoutMs: this.options.optionTimeoutMs,
    })
    if (!result.ok) {
      return result.problem === 'no-list'
        ? needs('noList')
        : { ...needs('noOption', value), final: true }
    }
    // The form re-renders with the choice: find the combobox again and see it shows the value.
    const shown = await waitFor(
      this.doc,
      () => {
        const now = this.find(field)
        return now?.kind === 'combobox' && showsValue(now.element, [result.chosen]) ? true : null
      },
      { timeoutMs: this.options.optionTimeoutMs },
    )
    return shown === true ? FILLED : needs('notAccepted', value)
  }

  async address(draft: MarketplaceDraft) {
    await this.step('address', async () => {
      const control = await this.waitForField('address', this.options.fieldTimeoutMs)
      if (control === null) return needs('notFound')
      if (control.kind !== 'text') {
        return { ...needs('addressNoSuggestions', draft.address.line), wrongKind: true }
      }
      const result = await fillAddressTypeahead(control.element, draft.address, {
        neverPress: this.neverPress,
        timeoutMs: this.options.optionTimeoutMs,
      })
      if (result.ok) return FILLED
      return result.problem === 'no-match'
        ? needs('addressNoMatch', draft.address.line)
        : needs('addressNoSuggestions', draft.address.line)
    })
  }

  async photos(draft: MarketplaceDraft, photos: readonly PhotoFile[]) {
    const total = draft.photos.length
    if (photos.length === 0) {
      this.record('photos', needs(total === 0 ? 'noPhotosOnListing' : 'photosNotDownloaded'))
      return
    }
    await this.step('photos', async () => {
      const labels = this.labels('photos')
      const taught = this.taught.photos
      const found = await waitFor(
        this.doc,
        () =>
          (taught === undefined ? null : findPhotoInputLabelled(this.doc, [taught])) ??
          findPhotoInputLabelled(this.doc, labels),
        { timeoutMs: this.options.fieldTimeoutMs },
      )
      if (found === null) return needs('notFound')
      const { input } = found
      this.matched.set('photos', found.text)
      const view = this.doc.defaultView ?? globalThis
      const files = photos.map((photo) => toFile(photo, view))
      if (!attachPhotos(input, files)) return needs('photosNotTaken')
      if (files.length < total) {
        this.report.needsYou.push({
          field: 'photos',
          reason: REASONS.photosPartly(files.length, total),
        })
      }
      return FILLED
    })
  }

  /**
   * Marketplace asks when a rental is available: the listing's date typed as the form shows it
   * (MM/DD/YYYY), today's when that date has passed (the home is available now). Without a date,
   * or where the form shows a date picker we cannot type into, the user picks.
   */
  async dateAvailable(draft: MarketplaceDraft) {
    if (draft.listing_type !== 'rent') return
    const control = this.find('date_available')
    if (control === null) return
    const date = draft.date_available
    if (date !== null && control.kind === 'text') {
      await this.fill('date_available', {
        kind: 'text',
        value: formDate(date, this.doc),
        numeric: false,
      })
      return
    }
    const empty =
      control.kind === 'text'
        ? control.element.value.trim() === ''
        : control.kind === 'combobox' &&
          control.element.textContent.trim() === control.label.textContent.trim()
    if (empty) {
      this.record(
        'date_available',
        date === null ? needs('dateAvailable') : needs('pickDate', formDate(date, this.doc)),
      )
    }
  }

  choice(field: ChoiceField, value: string | null): Want | null {
    if (value === null) return null
    return {
      kind: 'choice',
      value,
      texts: optionTexts(this.languages, field, value as never),
    }
  }
}

/** `YYYY-MM-DD` as Marketplace's US form takes it, `MM/DD/YYYY`; no earlier than today. */
function formDate(date: string, doc: Document): string {
  const now = new (doc.defaultView ?? globalThis).Date()
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
  const [year, month, day] = (date < today ? today : date).split('-')
  return `${month ?? ''}/${day ?? ''}/${year ?? ''}`
}

function number(value: number | null): Want | null {
  return value === null ? null : { kind: 'text', value: String(value), numeric: true }
}

/**
 * The photos of a request, given or arriving: `ready` holds them once they are all there, so the
 * filler can attach them between two fields without waiting.
 */
function arrivingPhotos(photos: FillRequest['photos']): {
  ready: () => readonly PhotoFile[] | null
  all: Promise<readonly PhotoFile[]>
} {
  let ready: readonly PhotoFile[] | null = Array.isArray(photos) ? photos : null
  const all = Promise.resolve(photos).then(
    (arrived) => (ready = arrived),
    // A failure on the way means no photos, not no form: the report says they are missing.
    () => (ready = []),
  )
  return { ready: () => ready, all }
}

/**
 * Fills Marketplace's "Home for Sale or Rent" form with the draft, by visible label text (the
 * request's profile, or the built-in one). Waits for the form to render, fills each field (the
 * listing type first: the form changes with it) and attaches the photos as soon as they are all
 * there and the form's photo input is the final one (after the property type, between two fields,
 * so they upload while the rest is typed), then reports what it filled and what the user must
 * do. With `request.fields`, only those fields. It never presses Next or Publish, and never
 * throws.
 */
export async function fillMarketplaceForm(
  request: FillRequest,
  options: FillOptions = {},
): Promise<FillReport> {
  const filler = new Filler(request.profile ?? BUILT_IN_FORM_PROFILE, options, request.taught)
  const { draft } = request
  const wanted = (field: FormFieldKey) => request.fields?.includes(field) ?? true
  const photos = arrivingPhotos(request.photos)
  const formShown = await waitFor(
    filler.doc,
    () => (FORM_SIGNS.some((field) => filler.find(field) !== null) ? true : null),
    { timeoutMs: filler.options.formTimeoutMs },
  )
  if (formShown === null) {
    return {
      ...filler.report,
      needsYou: [{ field: 'form', reason: REASONS.formMissing }],
    }
  }

  // A form without the sale/rent choice is the rental form the worker opened: for a rental there
  // is nothing to choose; a sale needs the user to switch forms.
  const rentalForm = filler.find('listing_type') === null
  if (wanted('listing_type') && (draft.listing_type !== 'rent' || !rentalForm)) {
    await filler.fill('listing_type', filler.choice('listing_type', draft.listing_type))
  }
  if (wanted('property_type')) {
    await filler.fill('property_type', filler.choice('property_type', draft.property_type))
  }

  // Photos not wanted count as attached: nothing waits for them.
  let attached = !wanted('photos')
  const attachIfReady = async () => {
    const ready = photos.ready()
    if (attached || ready === null) return
    attached = true
    await filler.photos(draft, ready)
  }
  const fields: [FormFieldKey, () => Promise<void>][] = [
    ['bedrooms', () => filler.fill('bedrooms', number(draft.bedrooms))],
    ['bathrooms', () => filler.fill('bathrooms', number(draft.bathrooms))],
    ['price', () => filler.fill('price', number(draft.price))],
    ['address', () => filler.address(draft)],
    [
      'description',
      async () => {
        if (draft.description.trim() !== '') {
          await filler.fill('description', {
            kind: 'text',
            value: draft.description,
            numeric: false,
          })
        } else if (filler.find('description') !== null) {
          filler.record('description', needs('noDescription'))
        }
      },
    ],
    ['square_feet', () => filler.fill('square_feet', number(draft.square_feet))],
    ['laundry', () => filler.fill('laundry', filler.choice('laundry', draft.laundry))],
    ['parking', () => filler.fill('parking', filler.choice('parking', draft.parking))],
    [
      'air_conditioning',
      () =>
        filler.fill('air_conditioning', filler.choice('air_conditioning', draft.air_conditioning)),
    ],
    ['heating', () => filler.fill('heating', filler.choice('heating', draft.heating))],
  ]
  for (const [field, fill] of fields) {
    await attachIfReady()
    if (wanted(field)) await fill()
  }
  if (!attached) {
    // A download that hangs must not keep the agent waiting for the report: after a while, what
    // is there goes in and the report says how many are missing.
    let waited: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      photos.all,
      new Promise((resolve) => (waited = setTimeout(resolve, filler.options.photoWaitMs))),
    ])
    clearTimeout(waited)
    // Not there yet, so not attached yet (the attach waits for all).
    if (photos.ready() === null) {
      attached = true
      await filler.photos(draft, request.arrivedPhotos?.() ?? [])
    }
    await attachIfReady()
  }
  if (wanted('date_available')) await filler.dateAvailable(draft)
  return filler.report
}

/** The report as the worker records it (`draft:filled`). */
export function fillSummary(report: Pick<FillReport, 'filled' | 'needsYou'>): {
  filled: string[]
  needsUser: string[]
} {
  return {
    filled: [...report.filled],
    needsUser: [...new Set(report.needsYou.map((item) => item.field))],
  }
}
