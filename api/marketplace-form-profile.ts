import type { MarketplaceFormProfile } from './schemas/marketplace-form-profile.ts'

/**
 * The form profile built into the server and the extension: Facebook's "Home for Sale or Rent"
 * texts as of the version below. The server serves it unless `MARKETPLACE_FORM_PROFILE` names a
 * file that replaces it (docs/operations.md#marketplace-form-profile); the extension fills with it
 * until it has fetched the server's. Per field the label texts Facebook has shown, newest first
 * (matched whole, ignoring case, spacing and a trailing "*" or ":"), and per draft value the
 * option texts that mean it (preferred first; a later one is a near spelling or the closest
 * fallback). Option texts agree with a public clone of Marketplace's rental form; not yet checked
 * against a live form.
 */
export const BUILT_IN_FORM_PROFILE: MarketplaceFormProfile = {
  version: 'built-in-2026-11-24',
  languages: {
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
      never_press: ['Next', 'Publish', 'Post', 'Submit', 'List item', 'Update'],
    },
  },
}
