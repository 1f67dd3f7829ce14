import { z } from 'zod'
import {
  LISTING_TYPES,
  MARKETPLACE_AIR_CONDITIONING_TYPES,
  MARKETPLACE_HEATING_TYPES,
  MARKETPLACE_LAUNDRY_TYPES,
  MARKETPLACE_PARKING_TYPES,
  MARKETPLACE_PROPERTY_TYPES,
} from './marketplace-draft.ts'

/**
 * The Marketplace form profile: every text of Facebook's "Home for Sale or Rent" form the filler
 * looks for, as data the server serves (`GET /marketplace/form-profile`), so a label Facebook
 * renames is fixed by editing a file on the server, not by shipping a new extension. Data only:
 * texts the filler matches, never code.
 */

/** The form's fields, as the filler names them. */
export const FORM_FIELD_KEYS = [
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
  'date_available',
] as const
export type FormFieldKey = (typeof FORM_FIELD_KEYS)[number]

/**
 * Each field by the name agents see, in the extension's fill panel and the dashboard's Form
 * health page alike: our words (English), not Facebook's, so not part of the profile.
 */
export const FORM_FIELD_NAMES: Record<FormFieldKey, string> = {
  listing_type: 'Sale or rent',
  property_type: 'Property type',
  photos: 'Photos',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  price: 'Price',
  address: 'Address',
  description: 'Description',
  square_feet: 'Square feet',
  laundry: 'Laundry type',
  parking: 'Parking type',
  air_conditioning: 'Air conditioning type',
  heating: 'Heating type',
  date_available: 'Date available',
}

export const FORM_PROFILE_LIMITS = {
  versionMaxLength: 64,
  textMaxLength: 200,
  textsPerEntry: 30,
  languages: 20,
} as const

const text = z.string().trim().min(1).max(FORM_PROFILE_LIMITS.textMaxLength)
const texts = z.array(text).min(1).max(FORM_PROFILE_LIMITS.textsPerEntry)

/** Every value of a choice, each with the option texts that mean it (preferred first). */
function optionsOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.strictObject(
    Object.fromEntries(values.map((value) => [value, texts])) as {
      [V in Values[number]]: typeof texts
    },
  )
}

const languageProfile = z.strictObject({
  /** Field → the label texts shown above or inside its control, newest first. */
  fields: z.strictObject(
    Object.fromEntries(FORM_FIELD_KEYS.map((key) => [key, texts])) as {
      [K in FormFieldKey]: typeof texts
    },
  ),
  /** Choice field → draft value → the option texts that mean it. */
  options: z.strictObject({
    listing_type: optionsOf(LISTING_TYPES),
    property_type: optionsOf(MARKETPLACE_PROPERTY_TYPES),
    laundry: optionsOf(MARKETPLACE_LAUNDRY_TYPES),
    parking: optionsOf(MARKETPLACE_PARKING_TYPES),
    air_conditioning: optionsOf(MARKETPLACE_AIR_CONDITIONING_TYPES),
    heating: optionsOf(MARKETPLACE_HEATING_TYPES),
  }),
  /** Buttons the filler must never press: the agent reviews and posts. */
  never_press: texts,
})
export type FormProfileLanguage = z.infer<typeof languageProfile>

export const marketplaceFormProfile = z.strictObject({
  /** Changes with every edit; the extension compares it to know its copy is current. */
  version: z.string().trim().min(1).max(FORM_PROFILE_LIMITS.versionMaxLength),
  /** Language code (`en`, `es`, `fr-CA`…) → that language's texts; English is required. */
  languages: z
    .record(
      z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Language codes look like en or fr-CA'),
      languageProfile,
    )
    .refine((languages) => 'en' in languages, 'The profile must have English (en)')
    .refine(
      (languages) => Object.keys(languages).length <= FORM_PROFILE_LIMITS.languages,
      `At most ${FORM_PROFILE_LIMITS.languages} languages`,
    ),
})
export type MarketplaceFormProfile = z.infer<typeof marketplaceFormProfile>
