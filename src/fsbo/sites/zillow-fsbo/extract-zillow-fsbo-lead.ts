import { LISTING_SOURCE_SITES } from '../../../../api/listing-sources.ts'
import {
  arrayAt,
  numberAt,
  recordAt,
  stringAt,
  valueAt,
  type JsonRecord,
} from '../../../listing/json-value.ts'
import { isBotCheckPage } from '../../../sources/zillow/detect-bot-check.ts'
import { findPropertyObject, SEARCH_PAGE } from '../../../sources/zillow/find-property-object.ts'
import { selectGalleryPhotos } from '../../../sources/zillow/select-gallery-photos.ts'
import {
  canonicalListingUrl,
  isZillowPageUrl,
  listingZpidFromUrl,
} from '../../../sources/zillow/zillow-url.ts'
import { fsboFailure } from '../../fsbo-failure.ts'
import type { FsboExtraction, LeadFields } from '../../fsbo-lead.ts'
import { emailIn, phoneAsShown, positiveOrNull, textFromData } from '../../lead-text.ts'
import { hasLeadData, mergeLeadFields } from '../../merge-lead-fields.ts'

/**
 * An FSBO lead from a Zillow listing page. The property object is the one the listing extractor
 * reads (`find-property-object.ts`); the listing is for sale by owner only when
 * `listingSubType.isFSBO` (or the older `listing_sub_type.is_FSBO`) is `true`.
 *
 * Where the owner's contact is — our assumption, from public scrapers of Zillow FSBO pages: the
 * "Listed by property owner" block is fed from `listedBy` with `id: "PROPERTY_OWNER"` (elements
 * `NAME`, `PHONE`), and, with no agent on the listing, from `attributionInfo.agentName` /
 * `agentPhoneNumber` / `agentEmail`; `contactRecipients[0]` (`display_name`, `phone:{areacode,
 * prefix, number}`) is the last resort. Zillow seldom shows an owner's e-mail; it is read only
 * from `attributionInfo.agentEmail`.
 */

export function isZillowFsbo(property: JsonRecord): boolean {
  return (
    valueAt(property, 'listingSubType', 'isFSBO') === true ||
    valueAt(property, 'listing_sub_type', 'is_FSBO') === true
  )
}

function ownerFromListedBy(property: JsonRecord): LeadFields {
  for (const entry of arrayAt(property, 'listedBy') ?? []) {
    if (valueAt(entry, 'id') !== 'PROPERTY_OWNER') continue
    const elements = arrayAt(entry, 'elements') ?? []
    const text = (id: string) =>
      textFromData(
        valueAt(
          elements.find((e) => valueAt(e, 'id') === id),
          'text',
        ),
      )
    return { owner_name: text('NAME'), phone: phoneAsShown(text('PHONE')) }
  }
  return {}
}

function ownerFromAttribution(property: JsonRecord): LeadFields {
  const attribution = recordAt(property, 'attributionInfo')
  return {
    owner_name: textFromData(attribution?.agentName),
    phone: phoneAsShown(textFromData(attribution?.agentPhoneNumber)),
    email: emailIn(textFromData(attribution?.agentEmail)),
  }
}

function ownerFromContactRecipients(property: JsonRecord): LeadFields {
  const recipient = arrayAt(property, 'contactRecipients')?.[0]
  const phone = ['areacode', 'prefix', 'number'].map((key) => stringAt(recipient, 'phone', key))
  return {
    owner_name: textFromData(valueAt(recipient, 'display_name')),
    phone: phone.every((part) => part !== undefined) ? phoneAsShown(phone.join('-')) : null,
  }
}

function listingFacts(property: JsonRecord): LeadFields {
  const address = recordAt(property, 'address')
  const field = (nested: string, flat: string) =>
    textFromData(address?.[nested]) ?? textFromData(property[flat])
  const days = numberAt(property, 'daysOnZillow')
  return {
    address: {
      street: field('streetAddress', 'streetAddress'),
      city: field('city', 'city'),
      state: field('state', 'state'),
      zip: field('zipcode', 'zipcode'),
    },
    price: positiveOrNull(numberAt(property, 'price')),
    beds: positiveOrNull(numberAt(property, 'bedrooms')),
    baths: positiveOrNull(numberAt(property, 'bathrooms')),
    living_area_sqft: positiveOrNull(
      numberAt(property, 'livingAreaValue') ?? numberAt(property, 'livingArea'),
    ),
    days_on_market: days !== undefined && Number.isInteger(days) && days >= 0 ? days : null,
    photo_url: selectGalleryPhotos(property)[0] ?? textFromData(property.hiResImageLink),
  }
}

/** The site the agent is on: Zillow FSBO homes are Zillow listings. */
const SITE = LISTING_SOURCE_SITES.zillow.name

export function extractZillowFsboLead(doc: Document, pageUrl: string): FsboExtraction {
  if (!isZillowPageUrl(pageUrl)) return fsboFailure('not-a-listing', SITE)
  if (isBotCheckPage(doc)) return fsboFailure('bot-check', SITE)
  const zpid = listingZpidFromUrl(pageUrl)
  if (zpid === null) return fsboFailure('not-a-listing', SITE)

  const found = findPropertyObject(doc)
  if (found === SEARCH_PAGE) return fsboFailure('not-a-listing', SITE)
  // No data, or another home's (Zillow navigates without reloading): a reload fixes both.
  if (!found || (found.zpid !== null && found.zpid !== zpid)) return fsboFailure('no-data', SITE)
  if (!isZillowFsbo(found.property)) return fsboFailure('not-fsbo', SITE)

  const fields = mergeLeadFields([
    ownerFromListedBy(found.property),
    ownerFromAttribution(found.property),
    ownerFromContactRecipients(found.property),
    listingFacts(found.property),
  ])
  if (!hasLeadData(fields)) return fsboFailure('no-data', SITE)
  return {
    ok: true,
    lead: {
      source: 'zillow_fsbo',
      source_id: zpid,
      listing_url: canonicalListingUrl(pageUrl),
      ...fields,
    },
  }
}
