import { extractFsboSiteLead, type FsboSiteProfile } from '../../extract-fsbo-site-lead.ts'
import type { FsboExtraction } from '../../fsbo-lead.ts'
import { fsboComListingId, isFsboComUrl } from './fsbo-com-url.ts'

/**
 * fsbo.com listing pages (`/listings/listings/show/id/<id>/`): a schema.org JSON-LD block, the
 * address printed in `span.address` ("street<br>City, ST ZIP"), a facts list and the "Contact
 * Owner" box with the seller's name, a `tel:` link and, when the seller allows it, a `mailto:`.
 */
export const FSBO_COM_PROFILE: FsboSiteProfile = {
  source: 'fsbo_com',
  isSiteUrl: isFsboComUrl,
  listingId: (pageUrl) => fsboComListingId(pageUrl),
  contactSelector: '#contact-owner, .contact-owner, .seller-info',
  addressSelector: 'span.address',
  factsSelector: '.listing-details, .property-details, main',
}

export function extractFsboComLead(doc: Document, pageUrl: string): FsboExtraction {
  return extractFsboSiteLead(FSBO_COM_PROFILE, doc, pageUrl)
}
