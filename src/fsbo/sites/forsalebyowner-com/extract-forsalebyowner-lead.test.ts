import { describe, expect, it } from 'vitest'
import type { SaveLeadBody } from '../../../../api/schemas/leads.ts'
import listingPage from '../../../../tests/fixtures/fsbo/forsalebyowner-listing-austin-house.html?raw'
import searchPage from '../../../../tests/fixtures/fsbo/forsalebyowner-search-results-austin.html?raw'
import { extractForSaleByOwnerLead } from './extract-forsalebyowner-lead.ts'
import { parseHtml } from '../../test-documents.ts'

const LISTING_URL =
  'https://www.forsalebyowner.com/listing/4812-Maple-Grove-Ln-Austin-TX-78745/6543f2a9c1b8e70012ab34cd'

const AUSTIN_LEAD: SaveLeadBody = {
  source: 'forsalebyowner_com',
  source_id: '6543f2a9c1b8e70012ab34cd',
  listing_url: LISTING_URL,
  owner_name: 'Priya Raman',
  phone: '512-555-0163',
  email: null,
  address: { street: '4812 Maple Grove Ln', city: 'Austin', state: 'TX', zip: '78745' },
  price: 429900,
  beds: 4,
  baths: 2.5,
  living_area_sqft: 2130,
  days_on_market: 27,
  photo_url: 'https://images.forsalebyowner.com/listing/6543f2a9c1b8e70012ab34cd/front-1280.jpg',
}

describe('extractForSaleByOwnerLead', () => {
  it('reads every field of a forsalebyowner.com listing from its microdata and details', () => {
    expect(extractForSaleByOwnerLead(parseHtml(listingPage), LISTING_URL)).toEqual({
      ok: true,
      lead: AUSTIN_LEAD,
    })
  })

  it("takes no e-mail from the message form or the site's footer", () => {
    const result = extractForSaleByOwnerLead(parseHtml(listingPage), LISTING_URL)
    expect(result.ok && result.lead.email).toBe(null)
  })

  it('takes the owner e-mail when the seller box shows one', () => {
    const doc = parseHtml(listingPage)
    doc
      .querySelector('[data-testid="seller-contact"]')
      ?.insertAdjacentHTML('beforeend', '<a href="mailto:priya.r@example.net">E-mail Priya</a>')
    const result = extractForSaleByOwnerLead(doc, LISTING_URL)
    expect(result.ok && result.lead.email).toBe('priya.r@example.net')
  })

  it("never takes the site's support number when the owner shows no phone", () => {
    const doc = parseHtml(listingPage)
    doc.querySelector('[itemprop="telephone"]')?.remove()
    const result = extractForSaleByOwnerLead(doc, LISTING_URL)
    expect(result.ok && result.lead.phone).toBe(null)
  })

  it('prefers JSON-LD over microdata when the page has both', () => {
    const doc = parseHtml(listingPage)
    const script = doc.createElement('script')
    script.type = 'application/ld+json'
    script.textContent = JSON.stringify({
      '@type': 'SingleFamilyResidence',
      address: { streetAddress: '4812 Maple Grove Lane', addressLocality: 'Austin' },
      numberOfBedrooms: 5,
    })
    doc.head.append(script)
    const result = extractForSaleByOwnerLead(doc, LISTING_URL)
    expect(result.ok && [result.lead.address.street, result.lead.beds, result.lead.baths]).toEqual([
      '4812 Maple Grove Lane',
      5,
      2.5,
    ])
  })

  it('says not-a-listing on a results page and off the site', () => {
    expect(
      extractForSaleByOwnerLead(
        parseHtml(searchPage),
        'https://www.forsalebyowner.com/search/list/austin-texas',
      ),
    ).toEqual({
      ok: false,
      reason: 'not-a-listing',
      message:
        "This page isn't a ForSaleByOwner.com listing. Open one home's listing page, then try again.",
    })
    expect(
      extractForSaleByOwnerLead(
        parseHtml(listingPage),
        'https://fsbo.com/listings/listings/show/id/1/',
      ),
    ).toMatchObject({ ok: false, reason: 'not-a-listing' })
  })
})
