import { afterEach, describe, expect, test } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import { FILL_OUTCOMES, fillReportBody } from '../../api/schemas/fill-reports.ts'
import { buildFillReport, pageLanguage } from './fill-report.ts'
import { fillWithRefresh } from './fill-with-refresh.ts'
import { fillOutcome, REASONS, type ReasonCode } from './reasons.ts'
import { photoFiles, rentalDraft } from './testing/drafts.ts'
import { loadMarketplaceFixture, unloadMarketplaceFixture } from './testing/marketplace-fixture.ts'
import { FAST } from './testing/fast-fill.ts'

afterEach(() => {
  unloadMarketplaceFixture()
})

describe('the fill report', () => {
  test('per field its outcome and the label that found it; nothing of the draft', async () => {
    loadMarketplaceFixture({
      delay: 0,
      rename: { bedrooms: 'How many bedrooms' },
      omit: ['laundry'],
    })
    // Marketplace offers no such heating: no option.
    const draft = { ...rentalDraft, heating: 'Geothermal heating' as never }
    const report = await fillWithRefresh(
      { draft, photos: photoFiles(2), profile: BUILT_IN_FORM_PROFILE },
      { refresh: () => Promise.resolve(null), fillOptions: FAST },
    )

    const body = buildFillReport(report, { language: pageLanguage(document), durationMs: 1234.4 })

    expect(body).toEqual({
      profile_version: BUILT_IN_FORM_PROFILE.version,
      language: 'en',
      duration_ms: 1234,
      fields: [
        { field: 'listing_type', outcome: 'filled', label: 'Home for Sale or Rent' },
        { field: 'property_type', outcome: 'filled', label: 'Property type' },
        { field: 'photos', outcome: 'filled', label: 'Add photos' },
        { field: 'bedrooms', outcome: 'not_found', label: null },
        { field: 'bathrooms', outcome: 'filled', label: 'Number of bathrooms' },
        { field: 'price', outcome: 'filled', label: 'Price per month' },
        { field: 'address', outcome: 'filled', label: 'Rental address' },
        { field: 'description', outcome: 'filled', label: 'Rental description' },
        { field: 'square_feet', outcome: 'filled', label: 'Square feet' },
        { field: 'laundry', outcome: 'not_found', label: null },
        { field: 'parking', outcome: 'filled', label: 'Parking type' },
        { field: 'air_conditioning', outcome: 'filled', label: 'Air conditioning type' },
        { field: 'heating', outcome: 'no_option', label: 'Heating type' },
        // date_available: the listing has no date ("the listing doesn't say"): left out.
      ],
    })
    expect(fillReportBody.safeParse(body).success).toBe(true)
    const serialized = JSON.stringify(body)
    for (const value of [
      String(rentalDraft.price),
      rentalDraft.address.street,
      rentalDraft.address.city,
      rentalDraft.address.zip,
      'Sunny two bedroom',
      'Dana Ruiz',
      'zillow',
      'Geothermal',
    ]) {
      expect(serialized).not.toContain(value)
    }
  })

  test('a form that never appeared: every field not found; nothing to say: no report', () => {
    const missing = buildFillReport(
      {
        filled: [],
        needsYou: [{ field: 'form', reason: REASONS.formMissing }],
        results: [],
        profileVersion: 'v1',
      },
      { language: null, durationMs: 20_000 },
    )
    expect(missing?.fields).toHaveLength(14)
    expect(missing?.fields.every((f) => f.outcome === 'not_found' && f.label === null)).toBe(true)

    const nothing = buildFillReport(
      {
        filled: [],
        needsYou: [{ field: 'date_available', reason: REASONS.dateAvailable }],
        results: [{ field: 'date_available', end: 'dateAvailable', label: 'Date available' }],
        profileVersion: 'v1',
      },
      { language: 'en', durationMs: 5 },
    )
    expect(nothing).toBeNull()
  })

  test('the page language as written, none when <html lang> is empty', () => {
    document.documentElement.lang = 'fr-CA'
    expect(pageLanguage(document)).toBe('fr-CA')
    document.documentElement.lang = ''
    expect(pageLanguage(document)).toBeNull()
  })
})

describe('reasons → outcomes', () => {
  test('not found, no option, failed; what the listing does not say is not reported', () => {
    const expected: Record<ReasonCode, string | null> = {
      formMissing: 'not_found',
      notFound: 'not_found',
      noList: 'no_option',
      noOption: 'no_option',
      notAccepted: 'failed',
      addressNoSuggestions: 'failed',
      addressNoMatch: 'failed',
      photosNotTaken: 'failed',
      pickDate: 'failed',
      failed: 'failed',
      photosPartly: 'filled',
      notOnListing: null,
      noDescription: null,
      noPhotosOnListing: null,
      dateAvailable: null,
      photosNotDownloaded: null,
    }
    for (const code of Object.keys(REASONS) as ReasonCode[]) {
      expect(fillOutcome(code), code).toBe(expected[code])
    }
    expect(fillOutcome('filled')).toBe('filled')
    expect(fillOutcome('taught')).toBe('taught')
    for (const outcome of Object.values(expected)) {
      if (outcome !== null) expect(FILL_OUTCOMES).toContain(outcome)
    }
  })
})
