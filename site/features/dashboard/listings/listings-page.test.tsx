import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConvertedListingSummary } from '../../../../api/schemas/listings.ts'
import { brand } from '../../../../api/brand.ts'
import { REPEAT_CONVERSION_RULE } from '../../../content/metering-rule.ts'
import { fail, ok, type FetchMock } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import { formatDateTime } from '../format.ts'
import {
  FILL_AGAIN_BUSY_LABEL,
  MARKETPLACE_OPENED_MESSAGE,
  NO_EXTENSION_MESSAGE,
} from './fill-again-action.tsx'
import { NO_LISTINGS_TITLE, NO_MATCH_TITLE } from './listing-empty-states.tsx'
import ListingsPage from './listings-page.tsx'
import { listingFixture } from './testing/listing-fixtures.ts'

const HOUR_MS = 3_600_000
const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS).toISOString()

const own = listingFixture({ converted_at: twoHoursAgo })
const rental = listingFixture({
  _id: 'listing-2',
  source: 'realtor',
  source_id: 'M1234-56789',
  url: 'https://www.realtor.com/rentals/details/44-Coral-Way_Miami_FL_33145_M1234-56789',
  address: '44 Coral Way, Miami, FL 33145',
  price: 2400,
  listing_type: 'rent',
  photo_url: null,
  bedrooms: 2,
  bathrooms: null,
  living_area_sqft: null,
  permission: {
    basis: 'broker_permission',
    confirmed_at: '2025-03-12T12:00:00.000Z',
    listing_agent: 'Marcus Lee',
    brokerage: 'Coral Homes',
  },
})
const old = listingFixture({
  _id: 'listing-3',
  source: 'redfin',
  url: 'https://www.redfin.com/TX/Austin/9-Rainey-St-78701/home/123',
  address: '9 Rainey St, Austin, TX 78701',
  price: null,
  bedrooms: null,
  bathrooms: null,
  living_area_sqft: null,
  permission: null,
})

/** 23 listings: three pages of 10. */
const many: ConvertedListingSummary[] = Array.from({ length: 23 }, (_, i) =>
  listingFixture({
    _id: `many-${i + 1}`,
    address: `${i + 1} Elm St, Denver, CO 80202`,
    source: i % 3 === 0 ? 'redfin' : 'zillow',
    listing_type: i % 2 === 0 ? 'sale' : 'rent',
  }),
)

type Answer = (query: URLSearchParams) => Response | Promise<Response>

/** Filters and pages `all` as the server does; its search is a stand-in (address only). */
function serverPage(all: readonly ConvertedListingSummary[]): Answer {
  return (query) => {
    const q = (query.get('q') ?? '').toLowerCase()
    const source = query.get('source')
    const type = query.get('listing_type')
    const page = Number(query.get('page') ?? '1')
    const size = Number(query.get('page_size') ?? '20')
    const found = all.filter(
      (l) =>
        l.address.toLowerCase().includes(q) &&
        (!source || l.source === source) &&
        (!type || l.listing_type === type),
    )
    return ok({
      items: found.slice((page - 1) * size, page * size),
      page,
      page_size: size,
      total: found.length,
    })
  }
}

function stubServer(answer: Answer): FetchMock {
  const mock: FetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost')
    if (url.pathname === '/api/v1/listings') return Promise.resolve(answer(url.searchParams))
    return Promise.reject(new Error(`unexpected fetch ${input}`))
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

function queries(mock: FetchMock): Record<string, string>[] {
  return mock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/listings')
    .map((url) => Object.fromEntries(url.searchParams))
}

/** The extension, as the page reaches it: `chrome.runtime.sendMessage` answering `reply`. */
function stubExtension(reply: (message: { type: string }) => unknown) {
  const sendMessage = vi.fn(
    (_id: string, message: { type: string }, callback: (response: unknown) => void) => {
      void Promise.resolve(reply(message)).then((value) => {
        callback({ ok: true, value })
      })
    },
  )
  vi.stubGlobal('chrome', { runtime: { sendMessage } })
  return sendMessage
}

function open(answer: Answer) {
  const fetch = stubServer(answer)
  const view = renderAt('/dashboard/listings', <ListingsPage />)
  return { fetch, ...view }
}

function rows() {
  return screen.getAllByRole('row').slice(1)
}
function row(address: string) {
  const found = rows().find((r) => within(r).queryByText(address))
  if (!found) throw new Error(`no row for ${address}`)
  return found
}
const addresses = () => rows().map((r) => r.querySelector('td span span')?.textContent)

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1')
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('listings table', () => {
  it('shows photo, address, price, facts, source, when converted and whose listing', async () => {
    const { fetch } = open(serverPage([own, rental, old]))
    expect(screen.getByText('Loading your listings…')).toBeInTheDocument()
    await screen.findByText(own.address)
    expect(queries(fetch)).toEqual([{ page: '1', page_size: '10' }])
    expect(screen.getByText(REPEAT_CONVERSION_RULE)).toBeInTheDocument()

    const first = row(own.address)
    const photo = first.querySelector('img')
    expect(photo).toHaveAttribute('src', own.photo_url)
    expect(photo).toHaveAttribute('loading', 'lazy')
    expect(photo).toHaveAttribute('width', '112')
    expect(within(first).getByText('$450,000')).toBeInTheDocument()
    expect(within(first).getByText('For sale')).toBeInTheDocument()
    expect(within(first).getByText('3 bd · 2.5 ba · 1,850 sqft')).toBeInTheDocument()
    const source = within(first).getByRole('link', { name: /^Zillow/ })
    expect(source).toHaveAttribute('href', own.url)
    expect(source).toHaveAttribute('target', '_blank')
    expect(source).toHaveAttribute('rel', 'noopener noreferrer')
    expect(source).toHaveAccessibleName(`Zillow page of ${own.address} (opens in a new tab)`)
    const converted = within(first).getByText('2 hours ago')
    expect(converted).toHaveAttribute('title', formatDateTime(twoHoursAgo))
    expect(within(first).getByText('Your listing')).toBeInTheDocument()

    const rent = row(rental.address)
    expect(within(rent).getByText('$2,400/mo')).toBeInTheDocument()
    expect(within(rent).getByText('For rent')).toBeInTheDocument()
    expect(within(rent).getByText('2 bd')).toBeInTheDocument()
    expect(within(rent).getByRole('link', { name: /^Realtor\.com/ })).toHaveAttribute(
      'href',
      rental.url,
    )
    expect(
      within(rent).getByText(
        'Permission from Coral Homes confirmed 03/12/2025; listed by Marcus Lee',
      ),
    ).toBeInTheDocument()
    // No photo: the placeholder, no image.
    expect(rent.querySelector('img')).toBeNull()
    expect(rent.querySelector('[data-placeholder="true"]')).not.toBeNull()

    // A conversion from before the question was asked: nothing to say, and nothing known.
    const older = row(old.address)
    expect(older.querySelector('[data-label="Whose listing"]')).toHaveTextContent(/^—$/)
    // Price and facts unknown too.
    expect(within(older).getAllByText('—')).toHaveLength(3)
  })

  it('shows the placeholder when a photo fails to load', async () => {
    open(serverPage([own]))
    await screen.findByText(own.address)
    const photo = row(own.address).querySelector('img')
    if (!photo) throw new Error('no photo')
    fireEvent.error(photo)
    expect(row(own.address).querySelector('img')).toBeNull()
    expect(row(own.address).querySelector('[data-placeholder="true"]')).not.toBeNull()
  })

  it('pages through the server 10 at a time', async () => {
    const { fetch, user } = open(serverPage(many))
    await screen.findByText('Showing 1–10 of 23')
    expect(rows()).toHaveLength(10)
    const pages = screen.getByRole('navigation', { name: 'Listing pages' })
    await user.click(within(pages).getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 11–20 of 23')
    expect(queries(fetch).at(-1)).toEqual({ page: '2', page_size: '10' })
    expect(addresses()[0]).toBe('11 Elm St, Denver, CO 80202')
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }))
    await screen.findByText('Showing 21–23 of 23')
    expect(rows()).toHaveLength(3)
  })

  it('searches on the server once typing pauses, from the first page', async () => {
    const { fetch, user } = open(serverPage(many))
    await screen.findByText('Showing 1–10 of 23')
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await screen.findByText('Showing 11–20 of 23')
    const before = queries(fetch).length

    await user.type(screen.getByRole('searchbox', { name: 'Search listings' }), '17 Elm')
    await screen.findByText('Showing 1–1 of 1')
    // One request for the whole text, not one per keystroke.
    expect(queries(fetch).slice(before)).toEqual([{ page: '1', page_size: '10', q: '17 Elm' }])
    expect(addresses()).toEqual(['17 Elm St, Denver, CO 80202'])
  })

  it('filters by source and type, and offers to clear what matches nothing', async () => {
    const { fetch, user } = open(serverPage(many))
    await screen.findByText('Showing 1–10 of 23')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Redfin')
    await screen.findByText('Showing 1–8 of 8')
    expect(queries(fetch).at(-1)).toEqual({ page: '1', page_size: '10', source: 'redfin' })
    expect(
      screen.getAllByRole('option', { name: /Zillow|Realtor\.com|Redfin|All sources/ }),
    ).toHaveLength(4)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'For rent')
    await screen.findByText('Showing 1–4 of 4')
    expect(queries(fetch).at(-1)).toEqual({
      page: '1',
      page_size: '10',
      source: 'redfin',
      listing_type: 'rent',
    })

    await user.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'Nowhere')
    expect(await screen.findByText(NO_MATCH_TITLE)).toBeInTheDocument()
    expect(screen.queryByText(NO_LISTINGS_TITLE)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }))
    await screen.findByText('Showing 1–10 of 23')
    expect(queries(fetch).at(-1)).toEqual({ page: '1', page_size: '10' })
    expect(screen.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('')
  })

  it('tells a new agent how to convert their first listing, with the extension link', async () => {
    open(serverPage([]))
    expect(await screen.findByText(NO_LISTINGS_TITLE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'agent profile' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    )
    expect(screen.getByText(/Open a listing on Zillow, Realtor\.com or Redfin/)).toBeInTheDocument()
    expect(screen.getByText('Convert')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Get the Chrome extension/ })).toHaveAttribute(
      'href',
      brand.extensionStoreUrl,
    )
    // Nothing to search yet.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows a failed load with Try again, which asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let down = true
    const page = serverPage([own])
    const { user } = open((query) => (down ? fail(500, 'Database is down') : page(query)))
    expect(await screen.findByText('Your listings could not be loaded')).toBeInTheDocument()
    expect(screen.getByText('Database is down')).toBeInTheDocument()
    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(own.address)).toBeInTheDocument()
  })
})

describe('Fill again', () => {
  it('asks the extension for the listing, shows progress on that row only, then the outcome', async () => {
    let answer: (value: unknown) => void = () => undefined
    const sendMessage = stubExtension(
      () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    )
    const { user } = open(serverPage([own, rental]))
    await screen.findByText(own.address)

    await user.click(within(row(own.address)).getByRole('button', { name: /^Fill again/ }))
    const busy = within(row(own.address)).getByRole('button', { name: FILL_AGAIN_BUSY_LABEL })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    // Still focused for a keyboard user, and a second press does not ask again.
    await user.click(busy)
    expect(sendMessage).toHaveBeenCalledOnce()
    expect(sendMessage.mock.calls[0]?.[1]).toEqual({
      type: 'listing:fill-again',
      payload: { listing_id: own._id },
    })
    expect(
      within(row(rental.address)).getByRole('button', { name: `Fill again: ${rental.address}` }),
    ).not.toHaveAttribute('aria-disabled')

    answer({ ok: true })
    expect(await within(row(own.address)).findByRole('status')).toHaveTextContent(
      MARKETPLACE_OPENED_MESSAGE,
    )
    expect(
      within(row(own.address)).getByRole('button', { name: `Fill again: ${own.address}` }),
    ).not.toHaveAttribute('aria-disabled')
    // Converted again just now.
    expect(within(row(own.address)).getByText('just now')).toBeInTheDocument()
  })

  it('without the extension, says it is needed and where to get it', async () => {
    const { user } = open(serverPage([own]))
    await screen.findByText(own.address)
    await user.click(screen.getByRole('button', { name: /^Fill again/ }))
    const alert = await within(row(own.address)).findByRole('alert')
    expect(alert).toHaveTextContent(NO_EXTENSION_MESSAGE)
    expect(within(alert).getByRole('link', { name: /Get the extension/ })).toHaveAttribute(
      'href',
      brand.extensionStoreUrl,
    )
  })

  it('shows the extension’s message, with the plans when the trial has ended', async () => {
    const upgrade = 'Your free trial has ended. Choose a plan to keep converting listings.'
    let kind = 'upgrade'
    stubExtension(() => ({
      ok: false,
      error: { kind, message: kind === 'upgrade' ? upgrade : 'Marketplace did not open.' },
    }))
    const { user } = open(serverPage([own]))
    await screen.findByText(own.address)
    await user.click(screen.getByRole('button', { name: /^Fill again/ }))
    const alert = await within(row(own.address)).findByRole('alert')
    expect(alert).toHaveTextContent(upgrade)
    expect(within(alert).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/pricing',
    )

    kind = 'failed'
    await user.click(screen.getByRole('button', { name: /^Fill again/ }))
    await waitFor(() => {
      expect(within(row(own.address)).getByRole('alert')).toHaveTextContent(
        'Marketplace did not open.',
      )
    })
    expect(within(row(own.address)).queryByRole('link', { name: 'See the plans' })).toBeNull()
  })
})
