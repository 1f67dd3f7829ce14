import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { MarketplacePropertyType } from '../../api/schemas/marketplace-draft.ts'
import { fillMarketplaceForm, fillSummary, type PhotoFile } from './fill-marketplace.ts'
import { REASONS } from './reasons.ts'
import { photoFiles, rentalDraft, saleDraft } from './testing/drafts.ts'
import { loadMarketplaceFixture, unloadMarketplaceFixture } from './testing/marketplace-fixture.ts'
import { withFieldLabels } from './testing/profiles.ts'
import { FAST } from './testing/fast-fill.ts'

/** Presses that reached Next or Publish, however they were made. */
function watchButtonPresses(): string[] {
  const pressed: string[] = []
  for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click', 'keydown']) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target : null
        const button = target?.closest('[role=button], button')
        if (button) pressed.push(`${type}:${button.textContent}`)
      },
      { capture: true },
    )
  }
  return pressed
}

afterEach(() => {
  unloadMarketplaceFixture()
})

describe('fillMarketplaceForm on the fixture form', () => {
  test('fills every field of a rental; the page’s React state holds the draft', async () => {
    // The form renders well after the filler starts: it must wait for it.
    const fixture = loadMarketplaceFixture({ delay: 400 })
    const presses = watchButtonPresses()

    const report = await fillMarketplaceForm({ draft: rentalDraft, photos: photoFiles(20) }, FAST)

    expect(fixture.state).toEqual({
      listing_type: 'For Rent',
      property_type: 'Apartment',
      bedrooms: '2',
      bathrooms: '1.5',
      price: '3450',
      // The fourth suggestion: the first three name another state, only the city, another house.
      address: '210 Eastern Parkway, Brooklyn, New York',
      address_typed: '210 Eastern Pkwy APT 4B, Brooklyn, NY 11238',
      description: rentalDraft.description,
      square_feet: '950',
      date_available: '',
      laundry: 'Laundry in building',
      parking: 'Street parking',
      air_conditioning: 'AC available',
      heating: 'Radiator heating',
      photos: Array.from({ length: 20 }, (_, i) => ({
        name: `photo-${i + 1}.jpg`,
        type: 'image/jpeg',
        size: 100 + i,
        isFile: true,
      })),
    })
    expect(report).toMatchObject({
      filled: [
        'listing_type',
        'property_type',
        'photos',
        'bedrooms',
        'bathrooms',
        'price',
        'address',
        'description',
        'square_feet',
        'laundry',
        'parking',
        'air_conditioning',
        'heating',
      ],
      needsYou: [{ field: 'date_available', reason: REASONS.dateAvailable }],
    })
    // The inputs show what the state holds (nothing was reverted by a re-render).
    const input = document.querySelector<HTMLInputElement>('input[data-field=price]')
    input?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    expect(input?.value).toBe('3450')
    // No option list is left open.
    expect(document.querySelector('[role=listbox]')).toBeNull()
    // Never Next, never Publish.
    expect(fixture.clicks).toEqual([])
    expect(presses).toEqual([])
  })

  test('a rental with a move-in date: the date is typed as the form shows dates', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })
    // Ten days ahead of the machine's clock: a future date is typed as it is.
    const later = new Date(Date.now() + 10 * 24 * 3600 * 1000)
    const iso = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}`
    const [year, month, day] = iso.split('-')

    const report = await fillMarketplaceForm(
      { draft: { ...rentalDraft, date_available: iso }, photos: photoFiles(1) },
      FAST,
    )

    expect(fixture.state.date_available).toBe(`${month}/${day}/${year}`)
    expect(report.filled).toContain('date_available')
    expect(report.needsYou.map((item) => item.field)).not.toContain('date_available')
  })

  test('a move-in date already past is typed as today: the home is available now', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })
    const typed = (day: Date) =>
      `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`
    const before = typed(new Date())

    await fillMarketplaceForm(
      { draft: { ...rentalDraft, date_available: '2020-03-01' }, photos: photoFiles(1) },
      FAST,
    )

    // Today, read before and after the fill: midnight may pass in between.
    expect([before, typed(new Date())]).toContain(fixture.state.date_available)
  })

  test('a sale: chooses the type first, then fills the re-rendered sale form by its own labels', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })

    const report = await fillMarketplaceForm({ draft: saleDraft, photos: photoFiles(2) }, FAST)

    // Choosing "For Sale" replaced every field node (new ids) and relabelled Price/Address/…
    expect(fixture.renders).toBeGreaterThanOrEqual(2)
    expect(fixture.state).toMatchObject({
      listing_type: 'For Sale',
      property_type: 'Apartment',
      bedrooms: '2',
      bathrooms: '2',
      price: '195000',
      address: '2435 Aspen Road, Ames, Iowa',
      description: saleDraft.description,
      square_feet: '1133',
      laundry: 'In-unit laundry',
      parking: 'Garage parking',
      air_conditioning: 'Central AC',
      heating: 'Central heating',
    })
    expect(fixture.state.photos.map((photo) => photo.name)).toEqual(['photo-1.jpg', 'photo-2.jpg'])
    expect(report.needsYou).toEqual([])
    expect(report.filled).toHaveLength(13)
    expect(fixture.clicks).toEqual([])
  })

  test('a field missing from the page is reported with its reason; the rest is filled', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0, omit: ['square_feet', 'laundry'] })

    const report = await fillMarketplaceForm({ draft: rentalDraft, photos: photoFiles(3) }, FAST)

    expect(report.needsYou).toEqual([
      { field: 'photos', reason: REASONS.photosPartly(3, 20) },
      { field: 'square_feet', reason: REASONS.notFound },
      { field: 'laundry', reason: REASONS.notFound },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
    expect(report.filled).not.toContain('square_feet')
    expect(report.filled).not.toContain('laundry')
    expect(report.filled).toContain('heating')
    expect(fixture.state.heating).toBe('Radiator heating')
    expect(fixture.state.photos).toHaveLength(3)
  })

  test('a label Facebook renamed is not found with the built-in profile', async () => {
    const fixture = loadMarketplaceFixture({
      delay: 0,
      rename: { bedrooms: 'How many bedrooms' },
    })

    const report = await fillMarketplaceForm({ draft: rentalDraft, photos: photoFiles(20) }, FAST)

    expect(report.needsYou).toEqual([
      { field: 'bedrooms', reason: REASONS.notFound },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
    expect(fixture.state.bedrooms).toBe('')
    expect(fixture.state.bathrooms).toBe('1.5')
  })

  test('a profile that knows the new label fills the renamed field, for sale as for rent', async () => {
    const profile = withFieldLabels({ bedrooms: 'How many bedrooms' })
    const rental = loadMarketplaceFixture({ delay: 0, rename: { bedrooms: 'How many bedrooms' } })
    const rentReport = await fillMarketplaceForm(
      { draft: rentalDraft, photos: photoFiles(20), profile },
      FAST,
    )
    expect(rental.state.bedrooms).toBe('2')
    expect(rentReport.filled).toContain('bedrooms')
    expect(rentReport.needsYou).toEqual([
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])

    const sale = loadMarketplaceFixture({ delay: 0, rename: { bedrooms: 'How many bedrooms' } })
    const saleReport = await fillMarketplaceForm(
      { draft: saleDraft, photos: photoFiles(2), profile },
      FAST,
    )
    expect(sale.state).toMatchObject({ listing_type: 'For Sale', bedrooms: '2' })
    expect(saleReport.needsYou).toEqual([])
  })

  test('with `fields`, fills only those and attaches no photos unless asked', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })

    const report = await fillMarketplaceForm(
      { draft: rentalDraft, photos: photoFiles(3), fields: ['bedrooms', 'heating'] },
      FAST,
    )

    expect(report).toMatchObject({ filled: ['bedrooms', 'heating'], needsYou: [] })
    expect(report.results.map((result) => result.field)).toEqual(['bedrooms', 'heating'])
    expect(fixture.state).toMatchObject({
      listing_type: null,
      bedrooms: '2',
      price: '',
      heating: 'Radiator heating',
      laundry: null,
      photos: [],
    })
  })

  test('tries a field again when a re-render eats the first edit', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0, flaky: ['price', 'description'] })

    const report = await fillMarketplaceForm({ draft: rentalDraft, photos: photoFiles(1) }, FAST)

    expect(fixture.state.price).toBe('3450')
    expect(fixture.state.description).toBe(rentalDraft.description)
    expect(report.filled).toEqual(expect.arrayContaining(['price', 'description']))
  })

  test('an option Marketplace does not offer is left to the user, with the list closed', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })

    const report = await fillMarketplaceForm(
      // Facebook once offered "Land"; a value the form no longer lists must not break the fill.
      {
        draft: { ...rentalDraft, property_type: 'Land' as MarketplacePropertyType },
        photos: photoFiles(1),
      },
      FAST,
    )

    expect(report.needsYou).toContainEqual({
      field: 'property_type',
      reason: REASONS.noOption('Land'),
    })
    expect(fixture.state.property_type).toBeNull()
    expect(document.querySelector('[role=listbox]')).toBeNull()
    // The fields after it are still filled.
    expect(fixture.state.laundry).toBe('Laundry in building')
  })

  test('what the listing does not say is flagged only where the form asks for it', async () => {
    loadMarketplaceFixture({ delay: 0, omit: ['parking'] })

    const report = await fillMarketplaceForm(
      {
        draft: { ...rentalDraft, square_feet: null, laundry: null, parking: null, description: '' },
        photos: [],
      },
      FAST,
    )

    expect(report.needsYou).toEqual([
      { field: 'photos', reason: REASONS.photosNotDownloaded },
      { field: 'description', reason: REASONS.noDescription },
      { field: 'square_feet', reason: REASONS.notOnListing },
      { field: 'laundry', reason: REASONS.notOnListing },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
  })

  test('an address Marketplace suggests nothing for is left to the user', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })
    const address = {
      ...rentalDraft.address,
      line: 'Eastern Pkwy, Brooklyn, NY',
      street: 'Eastern Pkwy',
    }

    const report = await fillMarketplaceForm(
      { draft: { ...rentalDraft, address }, photos: photoFiles(1) },
      { ...FAST, optionTimeoutMs: 200 },
    )

    expect(report.needsYou).toContainEqual({
      field: 'address',
      reason: REASONS.addressNoSuggestions('Eastern Pkwy, Brooklyn, NY'),
    })
    expect(fixture.state.address).toBeNull()
  })

  test('a form without the sale/rent choice is the rental form: fine for a rental, not a sale', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0, omit: ['listing_type'] })
    const rental = await fillMarketplaceForm({ draft: rentalDraft, photos: photoFiles(20) }, FAST)
    expect(rental.needsYou).toEqual([{ field: 'date_available', reason: REASONS.dateAvailable }])
    expect(fixture.state.price).toBe('3450')

    loadMarketplaceFixture({ delay: 0, omit: ['listing_type'] })
    const sale = await fillMarketplaceForm({ draft: saleDraft, photos: photoFiles(2) }, FAST)
    expect(sale.needsYou).toContainEqual({ field: 'listing_type', reason: REASONS.notFound })
  })

  test('fills the fields while the photos still arrive, and attaches them once all are there', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })
    let deliver: (photos: PhotoFile[]) => void = () => undefined
    const photos = new Promise<PhotoFile[]>((resolve) => (deliver = resolve))

    const filling = fillMarketplaceForm({ draft: rentalDraft, photos }, FAST)
    // The text fields and choices go in while the worker is still downloading.
    await vi.waitFor(() => {
      expect(fixture.state.heating).toBe('Radiator heating')
    })
    expect(fixture.state.price).toBe('3450')
    expect(fixture.state.photos).toEqual([])
    // Three of 20 could not be downloaded.
    deliver(photoFiles(17))
    const report = await filling

    expect(fixture.state.photos.map((photo) => photo.name)).toEqual(
      photoFiles(17).map((_, i) => `photo-${i + 1}.jpg`),
    )
    expect(report.filled.at(-1)).toBe('photos')
    expect(report.needsYou).toEqual([
      { field: 'photos', reason: REASONS.photosPartly(17, 20) },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
  })

  test('photos still missing a while after the fields are left out: those there are attached', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })
    const arrived = photoFiles(5)
    const report = await fillMarketplaceForm(
      {
        draft: rentalDraft,
        // The last photos never come (their download hangs).
        photos: new Promise<PhotoFile[]>(() => undefined),
        arrivedPhotos: () => arrived,
      },
      { ...FAST, photoWaitMs: 50 },
    )

    expect(fixture.state.photos.map((photo) => photo.name)).toEqual(arrived.map((p) => p.name))
    expect(fixture.state.heating).toBe('Radiator heating')
    expect(report.needsYou).toEqual([
      { field: 'photos', reason: REASONS.photosPartly(5, 20) },
      { field: 'date_available', reason: REASONS.dateAvailable },
    ])
  })

  test('photos that arrive mid-way are attached between two fields', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })
    let deliver: (photos: PhotoFile[]) => void = () => undefined
    const photos = new Promise<PhotoFile[]>((resolve) => (deliver = resolve))

    const filling = fillMarketplaceForm({ draft: rentalDraft, photos }, FAST)
    await vi.waitFor(() => {
      expect(fixture.state.price).toBe('3450')
    })
    deliver(photoFiles(20))
    const report = await filling

    expect(fixture.state.photos).toHaveLength(20)
    const at = (field: string) => report.filled.indexOf(field as never)
    expect(at('photos')).toBeGreaterThan(at('price'))
    expect(at('photos')).toBeLessThan(at('heating'))
    expect(report.needsYou).toEqual([{ field: 'date_available', reason: REASONS.dateAvailable }])
  })

  test('photos that never arrive are left to the user; the rest is filled', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0 })

    const report = await fillMarketplaceForm(
      { draft: rentalDraft, photos: Promise.reject(new Error('the worker is gone')) },
      FAST,
    )

    expect(fixture.state.photos).toEqual([])
    expect(fixture.state.heating).toBe('Radiator heating')
    expect(report.needsYou).toContainEqual({
      field: 'photos',
      reason: REASONS.photosNotDownloaded,
    })
  })

  test('when the form never renders, says so and fills nothing', async () => {
    document.body.replaceChildren(document.createElement('div'))

    const report = await fillMarketplaceForm(
      { draft: rentalDraft, photos: photoFiles(1) },
      { ...FAST, formTimeoutMs: 150 },
    )

    expect(report).toEqual({
      filled: [],
      needsYou: [{ field: 'form', reason: REASONS.formMissing }],
      results: [],
      profileVersion: BUILT_IN_FORM_PROFILE.version,
    })
  })
})

test('fillSummary gives the worker the fields filled and the fields left to the user', () => {
  expect(
    fillSummary({
      filled: ['price', 'photos'],
      needsYou: [
        { field: 'photos', reason: 'a' },
        { field: 'date_available', reason: 'b' },
      ],
    }),
  ).toEqual({ filled: ['price', 'photos'], needsUser: ['photos', 'date_available'] })
})
