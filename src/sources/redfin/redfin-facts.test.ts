import { describe, expect, it } from 'vitest'
import {
  amenityEntries,
  factsFromAmenities,
  factsFromKeyFacts,
  factsFromRental,
} from './redfin-facts.ts'
import { statusFromRedfinText } from './redfin-status.ts'

const entry = (referenceName: string, amenityName: string | null, ...amenityValues: string[]) => ({
  referenceName,
  amenityName,
  amenityValues,
})

describe('facts of the property details', () => {
  it('sorts entries by the words of their names, whatever the MLS calls them', () => {
    const amenitiesInfo = {
      superGroups: [
        {
          amenityGroups: [
            {
              groupTitle: 'Heating & Cooling',
              amenityEntries: [
                entry('HEATING_TYPE_CODE', 'Heating Type', 'Central'),
                entry('FUEL_CODE', 'Heating Fuel Type', 'Gas'),
                entry('HEATING_YN', null, 'Has Heating'),
                entry('WATER_HEATER_FEATURES', null, 'Tankless'),
                entry('AIR_CONDITIONING_CODE', 'Air Conditioning Type', 'Central'),
                entry('COOLING_YN', null, 'Has Cooling'),
              ],
            },
            {
              amenityEntries: [
                entry('LAUNDRY_FEATURES', null, 'In Garage', 'Washer Hookup'),
                entry('APPLIANCES', 'Appliances', 'Dishwasher', 'Washer'),
                entry('ATTACHED_GARAGE_YN', null, 'Attached Garage'),
                entry('GARAGE_SPACES', '# of Garage Spaces', '2'),
                entry('PARKING_FEATURES', null, 'Driveway'),
              ],
            },
          ],
        },
      ],
    }
    expect(factsFromAmenities(amenityEntries(amenitiesInfo))).toEqual({
      heating: ['Central', 'Gas'],
      cooling: ['Central'],
      laundry: 'In Garage, Washer Hookup',
      parking: ['Attached Garage', 'Driveway'],
    })
  })

  it("reads a rental's amenity words, a dishwasher not being laundry", () => {
    expect(
      factsFromRental(
        { unitAmenities: ['Dishwasher', 'W/D In Unit', 'Ceiling Fan'], otherAmenities: ['Heat'] },
        { parkingTypes: [{ parkingTypeName: 'Street' }] },
      ),
    ).toEqual({
      heating: ['Heat'],
      cooling: ['Ceiling Fan'],
      laundry: 'W/D In Unit',
      parking: ['Street'],
    })
  })

  it('reads the key facts beside the remarks', () => {
    expect(
      factsFromKeyFacts([
        { header: 'Heating & cooling', content: 'Has A/C' },
        { header: 'Laundry', content: 'Washer and dryer hookups' },
        { header: 'Parking', content: '2 car garage' },
      ]),
    ).toEqual({
      cooling: ['Has A/C'],
      laundry: 'Washer and dryer hookups',
      parking: ['2 car garage'],
    })
  })
})

describe('statuses as Redfin prints them', () => {
  it('reads statuses, under contract before active', () => {
    expect(statusFromRedfinText('Active')).toBe('for_sale')
    expect(statusFromRedfinText('Active Under Contract')).toBe('pending')
    expect(statusFromRedfinText('Contingent')).toBe('pending')
    expect(statusFromRedfinText('Coming Soon')).toBe('coming_soon')
    expect(statusFromRedfinText('Sold')).toBe('sold')
    expect(statusFromRedfinText('Off Market')).toBe('off_market')
    expect(statusFromRedfinText('For Rent')).toBe('for_rent')
  })
})
