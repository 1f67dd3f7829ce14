import { LEAD_SOURCE_SITES } from '../../api/lead-sources.ts'
import type { LeadSource } from '../../api/schemas/leads.ts'
import { isFsboBotCheckPage } from './detect-fsbo-bot-check.ts'
import { fsboFailure } from './fsbo-failure.ts'
import type { FsboExtraction, LeadFields } from './fsbo-lead.ts'
import { hasLeadData, mergeLeadFields } from './merge-lead-fields.ts'
import { parseAddressLines, textLinesOf } from './parse-address-lines.ts'
import { canonicalLink } from './parse-link.ts'
import { readJsonLdLead } from './read-json-ld-lead.ts'
import { readContactBox, readLabelledFacts } from './read-labelled-facts.ts'
import { readMicrodataLead } from './read-microdata-lead.ts'

/** How one FSBO site's listing pages are told apart and where they print what. */
export interface FsboSiteProfile {
  source: LeadSource
  /** Whether the page is on this site at all. */
  isSiteUrl: (pageUrl: string) => boolean
  /** The listing id in a listing page's URL; `null` on any other page of the site. */
  listingId: (pageUrl: string) => string | null
  /** The box with the owner's name, phone and e-mail. */
  contactSelector: string
  /** The printed address ("street<br>City, ST 12345"), read when no structured data has it. */
  addressSelector: string
  /** The block with the printed facts (price, beds, baths, size, days on market). */
  factsSelector: string
}

function ogImage(doc: Document): LeadFields {
  const content = doc.querySelector('meta[property="og:image"]')?.getAttribute('content')
  return { photo_url: content && /^https?:\/\//.test(content) ? content.trim() : null }
}

function printedAddress(doc: Document, selector: string): LeadFields {
  const element = doc.querySelector(selector)
  return element ? { address: parseAddressLines(textLinesOf(element)) } : {}
}

/**
 * A lead from an FSBO site's listing page. Sources, most trusted first: JSON-LD, microdata, the
 * contact box and printed facts, the printed address, `og:image`; each fills only what the ones
 * before it lack. Pure: reads the document, changes nothing.
 */
export function extractFsboSiteLead(
  profile: FsboSiteProfile,
  doc: Document,
  pageUrl: string,
): FsboExtraction {
  const site = LEAD_SOURCE_SITES[profile.source].name
  if (!profile.isSiteUrl(pageUrl)) return fsboFailure('not-a-listing', site)
  if (isFsboBotCheckPage(doc)) return fsboFailure('bot-check', site)
  const id = profile.listingId(pageUrl)
  const listingUrl = canonicalLink(pageUrl, pageUrl)
  if (id === null || listingUrl === null) return fsboFailure('not-a-listing', site)

  const facts = doc.querySelector(profile.factsSelector)
  const fields = mergeLeadFields([
    readJsonLdLead(doc),
    readMicrodataLead(doc, pageUrl),
    readContactBox(doc.querySelector(profile.contactSelector)),
    facts ? readLabelledFacts(facts) : {},
    printedAddress(doc, profile.addressSelector),
    ogImage(doc),
  ])
  if (!hasLeadData(fields)) return fsboFailure('no-data', site)
  return {
    ok: true,
    lead: { source: profile.source, source_id: id, listing_url: listingUrl, ...fields },
  }
}
