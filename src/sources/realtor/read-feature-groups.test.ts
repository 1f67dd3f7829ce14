import { describe, expect, it } from 'vitest'
import { factsFromFeatureGroups } from './read-feature-groups.ts'

describe('factsFromFeatureGroups', () => {
  it('reads heating, cooling and parking by label, wherever they are listed', () => {
    expect(
      factsFromFeatureGroups([
        {
          category: 'Heating and Cooling',
          items: [
            'Cooling Features: Central Electric',
            'Heating Features: Central Gas, Zoned',
            'Number of Fireplaces: 1',
          ],
        },
        {
          category: 'Garage and Parking',
          items: ['Garage Spaces: 2', 'Garage Description: Attached Garage', 'RV: No'],
        },
        {
          category: 'Interior Features',
          items: ['Laundry Features: Inside, Washer/Dryer Hookups'],
        },
      ]),
    ).toEqual({
      heating: ['Central Gas', 'Zoned'],
      cooling: ['Central Electric'],
      laundry: ['Inside, Washer/Dryer Hookups'],
      parking: ['Garage Spaces: 2', 'Attached Garage'],
    })
  })

  it('keeps unlabelled lines only under a category that names the fact', () => {
    expect(
      factsFromFeatureGroups([
        { category: 'Heating and Cooling', items: ['Central Air', 'Forced Air Heating'] },
        { category: 'Laundry', items: ['In Unit'] },
        { category: 'Appliances', items: ['Washer', 'Dryer'] },
      ]),
    ).toMatchObject({
      heating: ['Forced Air Heating'],
      cooling: ['Central Air'],
      laundry: ['In Unit'],
      parking: [],
    })
  })

  it('says "None" only when the page does, and names a feature the page answers "Yes" to', () => {
    expect(
      factsFromFeatureGroups([
        {
          category: 'Heating and Cooling',
          items: ['Cooling: None', 'Heating: No', 'Central Heat: Y', 'Garage Spaces: 0'],
        },
      ]),
    ).toMatchObject({ heating: ['Central Heat'], cooling: ['None'], parking: [] })
  })

  it('finds the availability line and the MLS type', () => {
    expect(
      factsFromFeatureGroups([
        { category: 'Rental Info', items: ['Date Available: 08/01/2026'] },
        { category: 'Other Property Info', items: ['Property Subtype: condo'] },
      ]),
    ).toMatchObject({ availability: '08/01/2026', propertyType: 'condo' })
  })
})
