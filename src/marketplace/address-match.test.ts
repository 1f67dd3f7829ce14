import { describe, expect, test } from 'vitest'
import { addressTokens, bestSuggestion, suggestionScore } from './address-match.ts'

const address = {
  line: '661 Lakeview Ave, San Francisco, CA 94112',
  street: '661 Lakeview Ave',
  city: 'San Francisco',
  state: 'CA',
  zip: '94112',
}

describe('addressTokens', () => {
  test('state names become codes and street words their short form', () => {
    expect(addressTokens('661 Lakeview Avenue, San Francisco, California')).toEqual([
      '661',
      'lakeview',
      'ave',
      'san',
      'francisco',
      'ca',
    ])
    expect(addressTokens('12 N Main St #4, West Virginia')).toEqual([
      '12',
      'n',
      'main',
      'st',
      'unit',
      '4',
      'wv',
    ])
  })
})

describe('choosing the suggestion', () => {
  test('the one naming the address, wherever it is in the list', () => {
    expect(
      bestSuggestion(address, [
        '661 Lakeview Avenue, San Francisco, Texas',
        'San Francisco, California',
        '663 Lakeview Avenue, San Francisco, California',
        '661 Lakeview Avenue, San Francisco, California',
      ]),
    ).toBe(3)
  })

  test('among several naming it, the closest: most shared words, fewest added', () => {
    expect(
      bestSuggestion(address, [
        '661 Lakeview Ave, San Francisco, California, United States',
        '661 Lakeview Ave, San Francisco, CA 94112',
        '661 Lakeview Ave, San Francisco, California',
      ]),
    ).toBe(1)
  })

  test('none when every suggestion names another place', () => {
    const others = [
      '661 Lakeview Avenue, San Francisco, Texas', // another state
      'San Francisco, California', // no street
      '663 Lakeview Avenue, San Francisco, California', // another house
      '661 Ocean Avenue, San Francisco, California', // another street
      '661 Lakeview Avenue, Oakland, California', // another city
    ]
    expect(bestSuggestion(address, others)).toBeNull()
    for (const other of others) expect(suggestionScore(address, other)).toBeNull()
  })

  test('the ZIP code stands for the state; the unit is not required', () => {
    const unit = { ...address, street: '661 Lakeview Ave APT 2', zip: '94112-1234' }
    expect(suggestionScore(unit, '661 Lakeview Ave, San Francisco 94112')).not.toBeNull()
  })
})
