import type {
  MarketplaceAirConditioningType,
  MarketplaceHeatingType,
  MarketplaceLaundryType,
  MarketplaceListingType,
  MarketplaceParkingType,
  MarketplacePropertyType,
} from '../../api/schemas/marketplace-draft.ts'

/**
 * THE label dictionary: every text of Facebook's "Home for Sale or Rent" form the filler looks for
 * lives here and nowhere else. Facebook removed aria-labels in 2025 and generates its ids and class
 * names, so visible text is the one stable handle (DESIGN §6.5).
 *
 * Per language, per field: the label texts Facebook has shown for it (newest first; matched
 * whole, ignoring case, spacing and a trailing "*" or ":"), and per draft value the option texts
 * that mean it (preferred first; a later one is a near spelling or the closest fallback).
 *
 * To add a language: add its code to `LanguageCode` and an entry to `LABELS` (the type makes every
 * field and option required). The filler tries the page's language (`<html lang>`) first, then
 * the others, so a half-translated page still works.
 */

export type FieldKey =
  | 'listing_type'
  | 'property_type'
  | 'photos'
  | 'bedrooms'
  | 'bathrooms'
  | 'price'
  | 'address'
  | 'description'
  | 'square_feet'
  | 'laundry'
  | 'parking'
  | 'air_conditioning'
  | 'heating'
  | 'date_available'

export interface OptionTexts {
  listing_type: Record<MarketplaceListingType, readonly string[]>
  property_type: Record<MarketplacePropertyType, readonly string[]>
  laundry: Record<MarketplaceLaundryType, readonly string[]>
  parking: Record<MarketplaceParkingType, readonly string[]>
  air_conditioning: Record<MarketplaceAirConditioningType, readonly string[]>
  heating: Record<MarketplaceHeatingType, readonly string[]>
}

export type ChoiceField = keyof OptionTexts

export interface LanguageLabels {
  /** Field → the label texts shown above or inside its control. */
  fields: Record<FieldKey, readonly string[]>
  /** Field → its name in the panel the filler shows. */
  names: Record<FieldKey, string>
  options: OptionTexts
  /** Buttons the filler must never press: the user reviews and posts. */
  neverPress: readonly string[]
}

export type LanguageCode = 'en'

export const LABELS: Record<LanguageCode, LanguageLabels> = {
  en: {
    fields: {
      listing_type: ['Home for Sale or Rent', 'Property for sale or rent', 'Listing type'],
      property_type: ['Property type', 'Rental type', 'Home type', 'Type of property'],
      photos: ['Add photos', 'Photos'],
      bedrooms: ['Number of bedrooms', 'Bedrooms'],
      bathrooms: ['Number of bathrooms', 'Bathrooms'],
      price: ['Price', 'Price per month', 'Rent per month', 'Monthly rent'],
      address: [
        'Property address',
        'Rental address',
        'Address',
        'Street address',
        'Location',
        'Enter address',
      ],
      description: [
        'Property description',
        'Rental description',
        'Description',
        'Describe your property',
      ],
      square_feet: ['Square feet', 'Square footage', 'Property square feet', 'Size (sq ft)'],
      laundry: ['Laundry type', 'Laundry'],
      parking: ['Parking type', 'Parking'],
      air_conditioning: ['Air conditioning type', 'Air conditioning'],
      heating: ['Heating type', 'Heating'],
      date_available: ['Date available', 'Available date', 'Available from'],
    },
    names: {
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
    },
    options: {
      listing_type: {
        sale: ['For Sale', 'Sale'],
        rent: ['For Rent', 'Rent'],
      },
      property_type: {
        House: ['House', 'Single family home'],
        Townhouse: ['Townhouse', 'Townhome'],
        Apartment: ['Apartment', 'Apartment/Condo', 'Condo'],
      },
      laundry: {
        'In-unit laundry': ['In-unit laundry', 'In unit laundry'],
        'Laundry in building': ['Laundry in building', 'In-building laundry'],
        'Laundry available': ['Laundry available'],
        None: ['None', 'No laundry'],
      },
      parking: {
        'Garage parking': ['Garage parking', 'Garage'],
        'Street parking': ['Street parking'],
        'Off-street parking': ['Off-street parking', 'Off street parking'],
        'Parking available': ['Parking available'],
        None: ['None', 'No parking'],
      },
      air_conditioning: {
        'Central AC': ['Central AC', 'Central A/C', 'Central air conditioning'],
        'AC available': ['AC available', 'A/C available'],
        None: ['None', 'No AC', 'No A/C'],
      },
      heating: {
        'Central heating': ['Central heating'],
        'Electric heating': ['Electric heating'],
        'Gas heating': ['Gas heating'],
        'Radiator heating': ['Radiator heating'],
        'Heating available': ['Heating available'],
        None: ['None', 'No heating'],
      },
    },
    neverPress: ['Next', 'Publish', 'Post', 'Submit', 'List item', 'Update'],
  },
}

/** The page's language first (from `<html lang>`), then every other; English when unknown. */
export function labelsForPage(doc: Document): LanguageLabels[] {
  const lang = (doc.documentElement.lang || 'en').slice(0, 2).toLowerCase()
  const all = Object.entries(LABELS) as [LanguageCode, LanguageLabels][]
  const first = all.filter(([code]) => code === lang)
  const rest = all.filter(([code]) => code !== lang)
  return [...first, ...rest].map(([, labels]) => labels)
}

/** Every language's label texts for a field, the page's language first. */
export function fieldLabelTexts(languages: readonly LanguageLabels[], field: FieldKey): string[] {
  return languages.flatMap((labels) => labels.fields[field])
}

/** Every language's option texts for a draft value, the page's language first. */
export function optionTexts<F extends ChoiceField>(
  languages: readonly LanguageLabels[],
  field: F,
  value: keyof OptionTexts[F],
): string[] {
  return languages.flatMap((labels) => {
    const texts = labels.options[field][value] as readonly string[] | undefined
    return texts ?? []
  })
}

export function neverPressTexts(languages: readonly LanguageLabels[]): string[] {
  return languages.flatMap((labels) => labels.neverPress)
}

export function fieldName(languages: readonly LanguageLabels[], field: FieldKey): string {
  return (languages[0] ?? LABELS.en).names[field]
}
