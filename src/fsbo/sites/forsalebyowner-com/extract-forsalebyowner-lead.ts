import { extractFsboSiteLead, type FsboSiteProfile } from '../../extract-fsbo-site-lead.ts'
import type { FsboExtraction } from '../../fsbo-lead.ts'
import { forSaleByOwnerListingId, isForSaleByOwnerUrl } from './forsalebyowner-url.ts'

/**
 * forsalebyowner.com listing pages (`/listing/<address-slug>/<id>`): JSON-LD when present, the
 * schema.org microdata around the listing (address, rooms, floor size, offer, seller), the
 * "Property details" list and the seller box (`data-testid="seller-contact"`), which shows the
 * owner's phone and offers a message form rather than an e-mail address.
 */
export const FORSALEBYOWNER_PROFILE: FsboSiteProfile = {
  source: 'forsalebyowner_com',
  isSiteUrl: isForSaleByOwnerUrl,
  listingId: (pageUrl) => forSaleByOwnerListingId(pageUrl),
  contactSelector: '[data-testid="seller-contact"], .seller-contact',
  addressSelector: '[data-testid="listing-address"]',
  factsSelector: '[data-testid="property-details"], main',
}

export function extractForSaleByOwnerLead(doc: Document, pageUrl: string): FsboExtraction {
  return extractFsboSiteLead(FORSALEBYOWNER_PROFILE, doc, pageUrl)
}
