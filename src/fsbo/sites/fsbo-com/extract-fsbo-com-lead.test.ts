import { describe, expect, it } from 'vitest'
import type { SaveLeadBody } from '../../../../api/schemas/leads.ts'
import listingPage from '../../../../tests/fixtures/fsbo/fsbo-com-listing-miami-house.html?raw'
import searchPage from '../../../../tests/fixtures/fsbo/fsbo-com-search-results-miami.html?raw'
import { extractFsboComLead } from './extract-fsbo-com-lead.ts'
import { parseHtml } from '../../test-documents.ts'

const LISTING_URL = 'https://fsbo.com/listings/listings/show/id/546971/'

const MIAMI_LEAD: SaveLeadBody = {
  source: 'fsbo_com',
  source_id: '546971',
  listing_url: LISTING_URL,
  owner_name: 'José & María Pérez',
  phone: '(305) 555-0199',
  email: 'jm.perez.home@example.com',
  address: { street: '2150 SW 23rd Ter', city: 'Miami', state: 'FL', zip: '33145' },
  price: 485000,
  beds: 3,
  baths: 2,
  living_area_sqft: 1640,
  days_on_market: 12,
  photo_url: 'https://fsbo.com/uploads/listings/546971/photo-1.jpg',
}

function page(edit: (doc: Document) => void): Document {
  const doc = parseHtml(listingPage)
  edit(doc)
  return doc
}

function withoutJsonLd(doc: Document): void {
  doc.querySelectorAll('script[type="application/ld+json"]').forEach((s) => {
    s.remove()
  })
}

describe('extractFsboComLead', () => {
  it('reads every field of an fsbo.com listing, entities decoded', () => {
    expect(extractFsboComLead(parseHtml(listingPage), `${LISTING_URL}?ref=search#top`)).toEqual({
      ok: true,
      lead: MIAMI_LEAD,
    })
  })

  it('falls back to the printed address, facts and contact box without JSON-LD', () => {
    const result = extractFsboComLead(page(withoutJsonLd), LISTING_URL)
    expect(result).toEqual({
      ok: true,
      lead: {
        ...MIAMI_LEAD,
        // og:image is the only photo left that the page marks as the listing's
        photo_url: 'https://fsbo.com/uploads/listings/546971/og-share.jpg',
      },
    })
  })

  it("never takes FSBO.com's own phone for the owner's", () => {
    const doc = page((d) => {
      withoutJsonLd(d)
      d.querySelector('#contact-owner a[href^="tel:"]')?.parentElement?.remove()
    })
    const result = extractFsboComLead(doc, LISTING_URL)
    expect(result.ok && result.lead.phone).toBe(null)
  })

  it('gives no e-mail when the seller hides it', () => {
    const doc = page((d) =>
      d.querySelector('#contact-owner a[href^="mailto:"]')?.parentElement?.remove(),
    )
    const result = extractFsboComLead(doc, LISTING_URL)
    expect(result.ok && result.lead.email).toBe(null)
    expect(result.ok && result.lead.phone).toBe('(305) 555-0199')
  })

  it('says not-a-listing on a results page and off fsbo.com', () => {
    const resultsUrl = 'https://fsbo.com/listings/search/results/?searchQuery=Miami%2C+FL'
    expect(extractFsboComLead(parseHtml(searchPage), resultsUrl)).toMatchObject({
      ok: false,
      reason: 'not-a-listing',
    })
    expect(
      extractFsboComLead(parseHtml(listingPage), 'https://www.forsalebyowner.com/listing/_/546971'),
    ).toMatchObject({ ok: false, reason: 'not-a-listing' })
  })

  it("says bot-check on Cloudflare's challenge page", () => {
    const challenge = parseHtml(
      '<html><head><title>Just a moment...</title></head><body><form id="challenge-form"></form></body></html>',
    )
    expect(extractFsboComLead(challenge, LISTING_URL)).toEqual({
      ok: false,
      reason: 'bot-check',
      message:
        "FSBO.com is asking you to prove you're human. Complete the check on the page, then try again.",
    })
  })

  it('says no-data on a listing URL whose page shows nothing', () => {
    expect(
      extractFsboComLead(parseHtml('<html><body><main>Loading…</main></body></html>'), LISTING_URL),
    ).toMatchObject({ ok: false, reason: 'no-data' })
  })
})
