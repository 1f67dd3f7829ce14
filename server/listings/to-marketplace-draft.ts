import type { AgentProfile } from '../../api/schemas/agent-profile.ts'
import type { HomeType, ListingContact, NormalizedListing } from '../../api/schemas/listing.ts'
import {
  MARKETPLACE_LIMITS,
  type ListingType,
  type MarketplaceAirConditioningType,
  type MarketplaceDraft,
  type MarketplaceHeatingType,
  type MarketplaceLaundryType,
  type MarketplaceParkingType,
  type MarketplacePropertyType,
} from '../../api/schemas/marketplace-draft.ts'

/**
 * NormalizedListing → MarketplaceDraft. Pure: the same listing gives the same draft.
 * Nothing is guessed: a fact the listing does not carry stays `null`, and the extension's panel
 * asks the user for it. The description credits the listing's broker, or, on the agent's own
 * listing, is signed with their agent profile (`ownListingSigner`).
 */
export function toMarketplaceDraft(
  listing: NormalizedListing,
  ownListingSigner: ListingSigner | null = null,
): MarketplaceDraft {
  const listingType = listing.listing_status === 'for_rent' ? 'rent' : 'sale'
  return {
    listing_type: listingType,
    property_type: marketplacePropertyType(listing.home_type, listingType),
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    price: listing.price === null ? null : Math.round(listing.price),
    address: {
      line: addressLine(listing.address),
      street: listing.address.street,
      city: listing.address.city,
      state: listing.address.state,
      zip: listing.address.zip,
    },
    square_feet: listing.living_area_sqft,
    description: marketplaceDescription(
      listing.description,
      ownListingSigner === null
        ? brokerAttribution(listing.broker, listing.listing_agent)
        : agentSignature(ownListingSigner),
    ),
    photos: listing.photos.slice(0, MARKETPLACE_LIMITS.maxPhotos),
    laundry: laundryOption(listing.facts.laundry),
    parking: optionFromFacts(PARKING_TABLE, listing.facts.parking),
    air_conditioning: optionFromFacts(AIR_CONDITIONING_TABLE, listing.facts.cooling),
    heating: optionFromFacts(HEATING_TABLE, listing.facts.heating),
    date_available: listingType === 'rent' ? listing.date_available : null,
    source_url: listing.url,
  }
}

/**
 * Every source's home type (already normalized by its extractor) → Marketplace's "Property type"
 * or "Rental type", the one place this is decided (docs/sources.md#home-types-on-marketplace).
 * Marketplace offers House, Townhouse and Apartment only:
 *
 * | home type      | sale      | rent      | why                                                |
 * |----------------|-----------|-----------|----------------------------------------------------|
 * | single family  | House     | House     |                                                    |
 * | townhouse      | Townhouse | Townhouse |                                                    |
 * | condo, co-op   | Apartment | Apartment | a unit in a building, as Marketplace's words go    |
 * | apartment      | Apartment | Apartment |                                                    |
 * | multi-family   | House     | Apartment | for sale the whole building; for rent one unit    |
 * | manufactured   | House     | House     | a detached home                                    |
 * | lot, other     | null      | null      | no honest counterpart: the user picks              |
 */
export function marketplacePropertyType(
  homeType: HomeType,
  listingType: ListingType,
): MarketplacePropertyType | null {
  switch (homeType) {
    case 'single_family':
    case 'manufactured':
      return 'House'
    case 'townhouse':
      return 'Townhouse'
    case 'condo':
    case 'apartment':
      return 'Apartment'
    case 'multi_family':
      return listingType === 'rent' ? 'Apartment' : 'House'
    case 'lot':
    case 'other':
      return null
  }
}

/** As typed into Marketplace's address typeahead: "123 Main St, Springfield, IL 62704". */
export function addressLine(address: NormalizedListing['address']): string {
  const stateZip = address.zip === null ? address.state : `${address.state} ${address.zip}`
  return `${address.street}, ${address.city}, ${stateZip}`
}

// ---------------------------------------------------------------------------------------------
// Description: the listing's remarks, then the attribution, within Marketplace's length.
// ---------------------------------------------------------------------------------------------

/** The agent profile that signs the agent's own listing. */
export type ListingSigner = Pick<
  AgentProfile,
  'listing_name' | 'license_number' | 'license_state' | 'brokerage'
>

const ATTRIBUTION_SEPARATOR = '\n\n'
const ELLIPSIS = '…'

/** "Listing courtesy of Jane Doe of Compass." — or without the agent when the page names none. */
export function brokerAttribution(
  broker: ListingContact | null,
  agent: ListingContact | null,
): string | null {
  if (broker === null) return null
  const who = agent === null ? broker.name : `${agent.name} of ${broker.name}`
  return `Listing courtesy of ${who}${who.endsWith('.') ? '' : '.'}`
}

/**
 * "Listed by Jane Smith of Acme Realty (CA License #01234567)." — the license when the profile
 * gives its number, with the state when it gives that too.
 */
export function agentSignature(signer: ListingSigner): string {
  const license =
    signer.license_number === null
      ? ''
      : ` (${signer.license_state === null ? '' : `${signer.license_state} `}License #${signer.license_number})`
  const text = `Listed by ${signer.listing_name} of ${signer.brokerage}${license}`
  return `${text}${text.endsWith('.') ? '' : '.'}`
}

/**
 * The remarks followed by the attribution, at most `maxLength` characters. When both do not fit,
 * the remarks are cut at a word boundary and end with an ellipsis, so the attribution is always
 * whole and always last.
 */
export function marketplaceDescription(
  remarks: string | null,
  attribution: string | null,
  maxLength: number = MARKETPLACE_LIMITS.descriptionMaxLength,
): string {
  const body = (remarks ?? '').trim()
  if (attribution === null) return fitText(body, maxLength)
  if (body === '') return fitText(attribution, maxLength)
  const room = maxLength - ATTRIBUTION_SEPARATOR.length - attribution.length
  if (room <= ELLIPSIS.length) return fitText(attribution, maxLength)
  return `${fitText(body, room)}${ATTRIBUTION_SEPARATOR}${attribution}`
}

/** `text` when it fits; else cut at the last word boundary that leaves room for "…". */
export function fitText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  const limit = maxLength - ELLIPSIS.length
  if (limit <= 0) return ELLIPSIS.slice(0, Math.max(0, maxLength))
  // The last whitespace at or before the limit ends the last whole word that fits.
  const head = text.slice(0, limit + 1)
  const boundary = head.search(/\s\S*$/)
  let cut = boundary > 0 ? text.slice(0, boundary) : text.slice(0, limit)
  // A hard cut must not split a surrogate pair (an emoji's halves).
  if (boundary <= 0 && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return `${cut.replace(/[\s,;:.!?\-–—]+$/u, '')}${ELLIPSIS}`
}

// ---------------------------------------------------------------------------------------------
// Facts → Marketplace options, by keyword. Each table is read top to bottom; the first rule whose
// pattern matches one of the listing's facts (lower-cased) gives the option. A fact that only says
// "none" ("None", "No A/C") is set aside first: it gives "None" only when no other fact matches a
// rule, so "Ceiling fan(s), None" never reads as anything but what it is. Nothing matching → null:
// the user chooses.
// ---------------------------------------------------------------------------------------------

export interface KeywordRule<Option extends string> {
  pattern: RegExp
  option: Option
}

export interface KeywordTable<Option extends string> {
  rules: readonly KeywordRule<Option>[]
  /** A whole fact saying there is none. */
  none: RegExp
}

export function optionFromFacts<Option extends string>(
  table: KeywordTable<Option>,
  facts: readonly string[],
): Option | 'None' | null {
  const lower = facts.map((fact) => fact.trim().toLowerCase()).filter((fact) => fact !== '')
  const positive = lower.filter((fact) => !table.none.test(fact))
  const rule = table.rules.find((candidate) =>
    positive.some((fact) => candidate.pattern.test(fact)),
  )
  if (rule !== undefined) return rule.option
  return positive.length < lower.length ? 'None' : null
}

/**
 * Zillow's laundry fact is one free text ("In Unit", "Washer/Dryer Hookups, In Garage", "Common
 * Area", "Laundry Room, Upper Level", "None"); it is split at commas into facts.
 *
 * | listing says                                                     | Marketplace option  |
 * |------------------------------------------------------------------|---------------------|
 * | common area, shared, community, in building, on site, coin,      | Laundry in building |
 * |   laundromat, facilities                                         |                     |
 * | in unit, inside, in the home/kitchen/closet/hall/bathroom/       | In-unit laundry     |
 * |   basement/garage/utility room, laundry room/closet/area, main/  |                     |
 * |   upper/lower level, washer and dryer (not hookups), stackable,  |                     |
 * |   washer or dryer included                                       |                     |
 * | hookups, or any other mention of laundry, washer or dryer        | Laundry available   |
 * | only "none", "no laundry", "not available"                       | None                |
 */
export const LAUNDRY_TABLE: KeywordTable<MarketplaceLaundryType> = {
  rules: [
    {
      pattern: /common|shared|community|in[- ]building|on[- ]site|coin|laundromat|facilit/,
      option: 'Laundry in building',
    },
    {
      pattern:
        /in[- ]unit|inside|in (the )?(home|house|kitchen|closet|hall|bathroom|basement|garage|utility)|laundry (room|closet|area)|(main|upper|lower) level|washer\s*(\/|and|&)\s*dryer(?! hook)|stackable|washer included|dryer included/,
      option: 'In-unit laundry',
    },
    { pattern: /hook[- ]?ups?|laundry|washer|dryer/, option: 'Laundry available' },
  ],
  none: /^(none|no laundry|not available)$/,
}

function laundryOption(laundry: string | null): MarketplaceLaundryType | null {
  return laundry === null ? null : optionFromFacts(LAUNDRY_TABLE, laundry.split(','))
}

/**
 * | listing says                                                        | Marketplace option |
 * |---------------------------------------------------------------------|--------------------|
 * | garage; "attached"/"detached" alone (Zillow's short form of a       | Garage parking     |
 * |   garage's kind)                                                    |                    |
 * | off street, driveway, carport, parking lot/pad/structure, assigned, | Off-street parking |
 * |   covered, uncovered, private, gated, deeded, reserved              |                    |
 * | on street, street                                                   | Street parking     |
 * | any other mention of parking or spaces                              | Parking available  |
 * | only "none", "no parking"                                           | None               |
 */
export const PARKING_TABLE: KeywordTable<MarketplaceParkingType> = {
  rules: [
    { pattern: /garage|^(attached|detached)$/, option: 'Garage parking' },
    {
      pattern:
        /off[- ]street|driveway|carport|parking (lot|pad|structure)|assigned|covered|private|gated|deeded|reserved/,
      option: 'Off-street parking',
    },
    { pattern: /street/, option: 'Street parking' },
    { pattern: /parking|space/, option: 'Parking available' },
  ],
  none: /^(none|no parking)$/,
}

/**
 * | listing says                                                        | Marketplace option |
 * |---------------------------------------------------------------------|--------------------|
 * | central (central air, central A/C)                                  | Central AC         |
 * | wall or window unit, split, ductless, heat pump, evaporative, swamp | AC available       |
 * |   cooler, refrigeration, A/C, AC, air conditioning, electric        |                    |
 * | only "none", "no A/C", "no air conditioning"                        | None               |
 * | ceiling fans only, "other", anything else                           | null (user picks)  |
 */
export const AIR_CONDITIONING_TABLE: KeywordTable<MarketplaceAirConditioningType> = {
  rules: [
    { pattern: /central/, option: 'Central AC' },
    {
      pattern:
        /wall|window|split|ductless|heat pump|evaporative|swamp|refrigerat|a\/c|\bac\b|air condition|electric/,
      option: 'AC available',
    },
  ],
  none: /^(none|no (a\/c|ac|air|air conditioning|cooling))$/,
}

/**
 * Marketplace mixes how heat is spread (central, radiators) with its fuel (electric, gas); how it
 * is spread tells a renter more, so it wins.
 *
 * | listing says                                                     | Marketplace option |
 * |------------------------------------------------------------------|--------------------|
 * | central, forced air, furnace (not a wall or floor one), heat     | Central heating    |
 * |   pump, ducted                                                   |                    |
 * | radiator, steam, boiler, hot water, hydronic                     | Radiator heating   |
 * | gas, propane                                                     | Gas heating        |
 * | electric, baseboard                                              | Electric heating   |
 * | wall or floor furnace, space heater, fireplace, wood or pellet   | Heating available  |
 * |   stove, radiant, solar, any other heat                          |                    |
 * | only "none", "no heat", "no heating"                             | None               |
 * | "other" alone, anything else                                     | null (user picks)  |
 */
export const HEATING_TABLE: KeywordTable<MarketplaceHeatingType> = {
  rules: [
    {
      pattern: /central|forced air|(?<!wall |floor )furnace|heat pump|ducted/,
      option: 'Central heating',
    },
    { pattern: /radiator|steam|boiler|hot water|hydronic/, option: 'Radiator heating' },
    { pattern: /\bgas\b|propane/, option: 'Gas heating' },
    { pattern: /electric|baseboard/, option: 'Electric heating' },
    {
      pattern: /furnace|fireplace|wood|pellet|stove|radiant|solar|heat/,
      option: 'Heating available',
    },
  ],
  none: /^(none|no heat|no heating)$/,
}
