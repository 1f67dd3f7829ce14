import type { FillOutcome } from '../../api/schemas/fill-reports.ts'

/** Why a field was left to the user, as the panel says it. */
export const REASONS = {
  formMissing:
    "The Marketplace form didn't appear. Reload the page, then convert the listing again.",
  notOnListing: "The listing doesn't say. Fill it in if you know it.",
  notFound: "Couldn't find this field on the page. Fill it in yourself.",
  notAccepted: (value: string) => `The form didn't take "${value}". Type it in yourself.`,
  noList: "The list of choices didn't open. Choose it yourself.",
  noOption: (value: string) => `Marketplace doesn't offer "${value}". Choose the closest option.`,
  noDescription: 'The listing has no description. Write a few lines about the home.',
  addressNoSuggestions: (line: string) =>
    `Marketplace suggested no address for "${line}". Type the address and pick it from the list.`,
  addressNoMatch: (line: string) =>
    `None of Marketplace's suggestions matched "${line}". Pick the right one yourself.`,
  noPhotosOnListing: 'The listing has no photos. Add some yourself.',
  photosNotDownloaded: "The photos couldn't be downloaded. Add them yourself.",
  photosPartly: (attached: number, total: number) =>
    `Attached ${attached} of ${total} photos; the others couldn't be downloaded. Add them yourself.`,
  photosNotTaken: "The form didn't take the photos. Add them yourself.",
  dateAvailable: "Pick the date the home is available; the listing doesn't say.",
  pickDate: (date: string) => `Pick ${date}, the date the listing says the home is available.`,
  failed: 'Something went wrong filling this field. Fill it in yourself.',
} as const

export type ReasonCode = keyof typeof REASONS

export type ReasonArgs<K extends ReasonCode> = (typeof REASONS)[K] extends (
  ...args: infer A
) => string
  ? A
  : []

/** The panel's text for a reason. */
export function reasonText<K extends ReasonCode>(code: K, ...args: ReasonArgs<K>): string {
  // Each code's own text or function: TS cannot pair them through K.
  const reason = REASONS[code] as unknown as string | ((...given: ReasonArgs<K>) => string)
  return typeof reason === 'function' ? reason(...args) : reason
}

/**
 * What a field's end means for the fill report (api/schemas/fill-reports.ts): the one place that
 * maps the filler's reasons to outcomes. `null`: not reported, as it says nothing about the form
 * (the listing has no value for it, or the photos never reached the page).
 */
const OUTCOMES: Record<ReasonCode, FillOutcome | null> = {
  formMissing: 'not_found',
  notFound: 'not_found',
  noList: 'no_option',
  noOption: 'no_option',
  notOnListing: null,
  noDescription: null,
  noPhotosOnListing: null,
  dateAvailable: null,
  photosNotDownloaded: null,
  // Recorded beside a `filled` photos field, never as its end.
  photosPartly: 'filled',
  notAccepted: 'failed',
  addressNoSuggestions: 'failed',
  addressNoMatch: 'failed',
  photosNotTaken: 'failed',
  pickDate: 'failed',
  failed: 'failed',
}

/** How a field ended: filled by a label, taught by the agent, or left with a reason. */
export type FieldEnd = 'filled' | 'taught' | ReasonCode

export function fillOutcome(end: FieldEnd): FillOutcome | null {
  return end === 'filled' || end === 'taught' ? end : OUTCOMES[end]
}
