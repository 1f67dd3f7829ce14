import { z } from 'zod'

/**
 * The Marketplace draft (docs/product.md#conversion): what `POST /listings/convert` returns and
 * what the Marketplace content script types into Facebook's "Home for Sale or Rent" form.
 *
 * Every choice is the option TEXT Marketplace shows (US English), so the filler matches it against
 * the `[role=option]` texts of the form; `null` means "we don't know — the user chooses". The
 * Marketplace form profile (`api/marketplace-form-profile.ts`, served by the server) maps each of
 * these texts to the texts of other languages and to near spellings Facebook has used.
 */

export const MARKETPLACE_LIMITS = {
  /**
   * We found no limit Facebook publishes for the property description, so this is a documented
   * safe value: above the remarks of the listings we have seen (Zillow's run to about 2,000–4,000
   * characters) and far below anything a text box refuses. Lower it here if Facebook states one.
   */
  descriptionMaxLength: 5000,
  /** Photos the extension attaches (Marketplace takes more; 20 keeps the upload quick). */
  maxPhotos: 20,
} as const

/** Sale or rent: the branch of Marketplace's form, and what the listings page filters by. */
export const LISTING_TYPES = ['sale', 'rent'] as const
export type ListingType = (typeof LISTING_TYPES)[number]

/**
 * "Property type" / "Rental type" options: Marketplace offers only these three for a home (the
 * rent branch adds "Room only", which a whole listing never is).
 */
export const MARKETPLACE_PROPERTY_TYPES = ['House', 'Townhouse', 'Apartment'] as const
export type MarketplacePropertyType = (typeof MARKETPLACE_PROPERTY_TYPES)[number]

/** "Laundry type" options. */
export const MARKETPLACE_LAUNDRY_TYPES = [
  'In-unit laundry',
  'Laundry in building',
  'Laundry available',
  'None',
] as const
export type MarketplaceLaundryType = (typeof MARKETPLACE_LAUNDRY_TYPES)[number]

/** "Parking type" options. */
export const MARKETPLACE_PARKING_TYPES = [
  'Garage parking',
  'Street parking',
  'Off-street parking',
  'Parking available',
  'None',
] as const
export type MarketplaceParkingType = (typeof MARKETPLACE_PARKING_TYPES)[number]

/** "Air conditioning type" options. */
export const MARKETPLACE_AIR_CONDITIONING_TYPES = ['Central AC', 'AC available', 'None'] as const
export type MarketplaceAirConditioningType = (typeof MARKETPLACE_AIR_CONDITIONING_TYPES)[number]

/** "Heating type" options. */
export const MARKETPLACE_HEATING_TYPES = [
  'Central heating',
  'Electric heating',
  'Gas heating',
  'Radiator heating',
  'Heating available',
  'None',
] as const
export type MarketplaceHeatingType = (typeof MARKETPLACE_HEATING_TYPES)[number]

export const marketplaceAddress = z.strictObject({
  /** One line as typed into Marketplace's address typeahead: "123 Main St, Springfield, IL 62704". */
  line: z.string().min(1).max(400),
  street: z.string().min(1).max(200),
  city: z.string().min(1).max(100),
  /** USPS two-letter code. */
  state: z.string().regex(/^[A-Z]{2}$/),
  zip: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/)
    .nullable(),
})
export type MarketplaceAddress = z.infer<typeof marketplaceAddress>

const httpsUrl = z.url({ protocol: /^https$/ }).max(2048)

export const marketplaceDraft = z.strictObject({
  listing_type: z.enum(LISTING_TYPES),
  property_type: z.enum(MARKETPLACE_PROPERTY_TYPES).nullable(),
  bedrooms: z.number().int().min(0).max(100).nullable(),
  /** Full and partial together (1.5 is one full and one half), as the listing counts them. */
  bathrooms: z.number().min(0).max(100).nullable(),
  /** Whole dollars: the asking price, or the monthly rent when `listing_type` is `rent`. */
  price: z.number().int().nonnegative().nullable(),
  address: marketplaceAddress,
  square_feet: z.number().int().positive().nullable(),
  /** Ends with the broker attribution when the broker is known; may be empty. */
  description: z.string().max(MARKETPLACE_LIMITS.descriptionMaxLength),
  /** In the listing's gallery order. */
  photos: z.array(httpsUrl).max(MARKETPLACE_LIMITS.maxPhotos),
  laundry: z.enum(MARKETPLACE_LAUNDRY_TYPES).nullable(),
  parking: z.enum(MARKETPLACE_PARKING_TYPES).nullable(),
  air_conditioning: z.enum(MARKETPLACE_AIR_CONDITIONING_TYPES).nullable(),
  heating: z.enum(MARKETPLACE_HEATING_TYPES).nullable(),
  /**
   * A rental's move-in date, `YYYY-MM-DD`; `null` for a sale or when the listing does not say.
   * Missing from a server older than the extension, so it defaults.
   */
  date_available: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  /** The listing page the draft was made from. */
  source_url: httpsUrl,
})
export type MarketplaceDraft = z.infer<typeof marketplaceDraft>
