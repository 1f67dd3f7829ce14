import { afterEach, describe, expect, test, vi } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { MarketplaceFormProfile } from '../../api/schemas/marketplace-form-profile.ts'
import {
  fillMarketplaceForm,
  type FillOptions,
  type FillReport,
  type FillRequest,
} from './fill-marketplace.ts'
import { fillWithRefresh, mergeReports, notFoundFields } from './fill-with-refresh.ts'
import { REASONS } from './reasons.ts'
import { photoFiles, rentalDraft, saleDraft } from './testing/drafts.ts'
import { loadMarketplaceFixture, unloadMarketplaceFixture } from './testing/marketplace-fixture.ts'
import { withFieldLabels } from './testing/profiles.ts'
import { FAST } from './testing/fast-fill.ts'

afterEach(() => {
  unloadMarketplaceFixture()
})

/** The real filler, its requests recorded. */
function watchedFiller() {
  const requests: FillRequest[] = []
  const fill = (request: FillRequest, options?: FillOptions) => {
    requests.push(request)
    return fillMarketplaceForm(request, options)
  }
  return { fill, requests }
}

describe('fillWithRefresh', () => {
  test('a field not found is tried once more with a newer profile, and then counts as filled', async () => {
    const fixture = loadMarketplaceFixture({
      delay: 0,
      rename: { bedrooms: 'How many bedrooms' },
      omit: ['laundry'],
    })
    const newer = withFieldLabels({ bedrooms: 'How many bedrooms' }, 'server-2')
    const refresh = vi.fn((_version: string) =>
      Promise.resolve<MarketplaceFormProfile | null>(newer),
    )
    const { fill, requests } = watchedFiller()

    const report = await fillWithRefresh(
      { draft: rentalDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      { refresh, fillOptions: FAST, fill },
    )

    expect(refresh).toHaveBeenCalledOnce()
    expect(refresh).toHaveBeenCalledWith(BUILT_IN_FORM_PROFILE.version)
    // Only the fields the first pass did not find, with the newer profile.
    expect(requests).toHaveLength(2)
    expect(requests[1]).toMatchObject({ profile: newer, fields: ['bedrooms', 'laundry'] })
    expect(fixture.state.bedrooms).toBe('2')
    expect(report.filled.filter((field) => field === 'bedrooms')).toEqual(['bedrooms'])
    expect(report.filled).toHaveLength(12)
    // Still not on the page under any label: still the user's.
    expect(report.needsYou).toEqual([
      { field: 'laundry', reason: REASONS.notFound },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
    expect(fixture.clicks).toEqual([])
  })

  test('no retry when the refresh answers null (same version, or offline)', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0, rename: { bedrooms: 'How many bedrooms' } })
    const { fill, requests } = watchedFiller()
    const refresh = vi.fn(() => Promise.resolve(null))

    const report = await fillWithRefresh(
      { draft: rentalDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      { refresh, fillOptions: FAST, fill },
    )

    expect(refresh).toHaveBeenCalledOnce()
    expect(requests).toHaveLength(1)
    expect(fixture.state.bedrooms).toBe('')
    expect(report.needsYou).toContainEqual({ field: 'bedrooms', reason: REASONS.notFound })
  })

  test('a refresh that fails is no refresh; one that answers the same version neither', async () => {
    loadMarketplaceFixture({ delay: 0, rename: { bedrooms: 'How many bedrooms' } })
    const { fill, requests } = watchedFiller()

    await fillWithRefresh(
      { draft: rentalDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      { refresh: () => Promise.reject(new Error('No answer')), fillOptions: FAST, fill },
    )
    loadMarketplaceFixture({ delay: 0, rename: { bedrooms: 'How many bedrooms' } })
    await fillWithRefresh(
      { draft: rentalDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      { refresh: () => Promise.resolve(BUILT_IN_FORM_PROFILE), fillOptions: FAST, fill },
    )

    expect(requests).toHaveLength(2)
  })

  test('a form not recognised at all is filled whole with a newer profile', async () => {
    const renamed = {
      listing_type: 'Sell or rent out',
      property_type: 'Kind of home',
      price: 'Monthly price',
      description: 'About the home',
    }
    const fixture = loadMarketplaceFixture({ delay: 0, rename: renamed })
    const { fill, requests } = watchedFiller()

    const report = await fillWithRefresh(
      { draft: rentalDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      {
        refresh: () => Promise.resolve(withFieldLabels(renamed)),
        fillOptions: { ...FAST, formTimeoutMs: 200 },
        fill,
      },
    )

    expect(requests).toHaveLength(2)
    expect(requests[1]?.fields).toBeUndefined()
    expect(fixture.state).toMatchObject({ property_type: 'Apartment', price: '3450' })
    expect(report.filled).toHaveLength(13)
    expect(report.needsYou).toEqual([{ field: 'date_available', reason: REASONS.dateAvailable }])
  })

  test('Sale or rent not found: the whole form is filled again with the newer profile', async () => {
    const fixture = loadMarketplaceFixture({
      delay: 0,
      rename: { listing_type: 'Sell or rent out' },
    })
    const { fill, requests } = watchedFiller()

    const report = await fillWithRefresh(
      { draft: saleDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      {
        refresh: () => Promise.resolve(withFieldLabels({ listing_type: 'Sell or rent out' })),
        fillOptions: { ...FAST, formTimeoutMs: 200 },
        fill,
      },
    )

    expect(requests).toHaveLength(2)
    // Not only the missing fields: the form re-renders with Sale or rent.
    expect(requests[1]?.fields).toBeUndefined()
    expect(report.filled).toContain('listing_type')
    expect(fixture.state.listing_type).not.toBeNull()
  })

  test('nothing missing: no refresh asked', async () => {
    loadMarketplaceFixture({ delay: 0 })
    const refresh = vi.fn(() => Promise.resolve(null))

    await fillWithRefresh(
      { draft: rentalDraft, photos: photoFiles(20), profile: BUILT_IN_FORM_PROFILE },
      { refresh, fillOptions: FAST },
    )

    expect(refresh).not.toHaveBeenCalled()
  })

  test('photos not found are retried with those that arrived, without waiting again', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0, rename: { photos: 'Upload photos' } })
    // Two image inputs: the photos' own is told apart only by its label.
    document.body.append(
      Object.assign(document.createElement('input'), { type: 'file', accept: 'image/*' }),
    )
    const arrived = photoFiles(4)
    const { fill, requests } = watchedFiller()

    const report = await fillWithRefresh(
      {
        draft: rentalDraft,
        photos: new Promise(() => undefined),
        arrivedPhotos: () => arrived,
        profile: BUILT_IN_FORM_PROFILE,
      },
      {
        refresh: () => Promise.resolve(withFieldLabels({ photos: 'Upload photos' }, 'server-2')),
        fillOptions: { ...FAST, photoWaitMs: 50 },
        fill,
      },
    )

    expect(requests[1]).toMatchObject({ fields: ['photos'], photos: arrived })
    expect(fixture.state.photos).toHaveLength(4)
    expect(report.filled).toContain('photos')
    expect(report.needsYou).toEqual([
      { field: 'photos', reason: REASONS.photosPartly(4, 20) },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
  })
})

describe('merging the two reports', () => {
  const first: FillReport = {
    filled: ['price'],
    needsYou: [
      { field: 'photos', reason: REASONS.notFound },
      { field: 'bedrooms', reason: REASONS.notFound },
      { field: 'laundry', reason: REASONS.notFound },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ],
    results: [
      { field: 'price', end: 'filled', label: 'Price per month' },
      { field: 'photos', end: 'notFound', label: null },
      { field: 'bedrooms', end: 'notFound', label: null },
      { field: 'laundry', end: 'notFound', label: null },
      { field: 'date_available', end: 'dateAvailable', label: 'Date available' },
    ],
    profileVersion: 'server-1',
  }

  test('the not-found fields, once each', () => {
    expect(notFoundFields(first)).toEqual(['photos', 'bedrooms', 'laundry'])
    expect(
      notFoundFields({ filled: [], needsYou: [{ field: 'form', reason: REASONS.notFound }] }),
    ).toEqual([])
  })

  test('filled on retry is filled; the retry’s reasons stand where the first ones stood', () => {
    const retry: FillReport = {
      filled: ['bedrooms', 'photos'],
      needsYou: [
        { field: 'photos', reason: REASONS.photosPartly(3, 5) },
        { field: 'laundry', reason: REASONS.noOption('None') },
      ],
      results: [
        { field: 'bedrooms', end: 'filled', label: 'How many bedrooms' },
        { field: 'photos', end: 'filled', label: 'Upload photos' },
        { field: 'laundry', end: 'noOption', label: 'Laundry' },
      ],
      profileVersion: 'server-2',
    }
    expect(mergeReports(first, retry, ['photos', 'bedrooms', 'laundry'])).toEqual({
      filled: ['price', 'bedrooms', 'photos'],
      needsYou: [
        { field: 'photos', reason: REASONS.photosPartly(3, 5) },
        { field: 'laundry', reason: REASONS.noOption('None') },
        { field: 'date_available', reason: REASONS.dateAvailable },
      ],
      // The retry's account of the fields it tried, and the retry's profile.
      results: [
        { field: 'price', end: 'filled', label: 'Price per month' },
        { field: 'date_available', end: 'dateAvailable', label: 'Date available' },
        ...retry.results,
      ],
      profileVersion: 'server-2',
    })
  })
})
