import type {
  FormFieldKey,
  MarketplaceFormProfile,
} from '../../api/schemas/marketplace-form-profile.ts'
import {
  fillMarketplaceForm,
  type FillOptions,
  type FillReport,
  type FillRequest,
} from './fill-marketplace.ts'
import { REASONS } from './reasons.ts'

export interface FillWithRefreshOptions {
  /** A newer profile than `version`, or null (the same one, or none could be had). */
  refresh: (version: string) => Promise<MarketplaceFormProfile | null>
  fillOptions?: FillOptions
  /** The filler; tests watch its calls. */
  fill?: typeof fillMarketplaceForm
}

/** The fields left because the page did not show them under any label the profile knows. */
export function notFoundFields(report: Pick<FillReport, 'filled' | 'needsYou'>): FormFieldKey[] {
  const fields = report.needsYou.flatMap((item) =>
    item.field !== 'form' && item.reason === REASONS.notFound ? [item.field] : [],
  )
  return [...new Set(fields)]
}

/**
 * The first report with the second try's fields in it: what the retry filled counts as filled,
 * and its own reasons replace the first "not found", where that stood.
 */
export function mergeReports(
  first: FillReport,
  retry: FillReport,
  retried: readonly FormFieldKey[],
): FillReport {
  const filled = [...first.filled, ...retry.filled.filter((field) => !first.filled.includes(field))]
  const needsYou: FillReport['needsYou'] = []
  const placed = new Set<FormFieldKey>()
  for (const item of first.needsYou) {
    const field = item.field
    if (field === 'form' || !retried.includes(field)) {
      needsYou.push(item)
    } else if (!placed.has(field)) {
      placed.add(field)
      needsYou.push(...retry.needsYou.filter((again) => again.field === field))
    }
  }
  needsYou.push(
    ...retry.needsYou.filter((item) => item.field === 'form' || !placed.has(item.field)),
  )
  // The retry's account of a field replaces the first's; the report ends with the retry's profile.
  const again = new Set(retry.results.map((result) => result.field))
  const results = [...first.results.filter((result) => !again.has(result.field)), ...retry.results]
  return { filled, needsYou, results, profileVersion: retry.profileVersion }
}

/**
 * Fills the form with the request's profile. When the page hid fields from it (Facebook renamed
 * a label) or the whole form, asks for a newer profile once, and with one fills only those
 * fields again (everything, when the form was not recognised or Sale or rent was not found).
 */
export async function fillWithRefresh(
  request: FillRequest & { profile: MarketplaceFormProfile },
  options: FillWithRefreshOptions,
): Promise<FillReport> {
  const fill = options.fill ?? fillMarketplaceForm
  const first = await fill(request, options.fillOptions)
  const formMissing = first.needsYou.some((item) => item.field === 'form')
  const missing = notFoundFields(first)
  if (!formMissing && missing.length === 0) return first

  const newer = await options.refresh(request.profile.version).catch(() => null)
  if (newer === null || newer.version === request.profile.version) return first

  // Nothing was filled, nor did the photos have their wait: all of it again. Sale or rent
  // re-renders the form with it: filled late, everything after it must be filled again too.
  if (formMissing || missing.includes('listing_type'))
    return fill({ ...request, profile: newer }, options.fillOptions)
  // The photos have had their wait: a second try attaches those there, without waiting again.
  const photos = Array.isArray(request.photos) ? request.photos : (request.arrivedPhotos?.() ?? [])
  const retry = await fill(
    { ...request, profile: newer, photos, fields: missing },
    options.fillOptions,
  )
  // The form went away meanwhile: the first report is the better account.
  if (retry.needsYou.some((item) => item.field === 'form')) return first
  return mergeReports(first, retry, missing)
}
