import { describe, expect, it } from 'vitest'
import { areaToSquareFeet, parseAreaText, parseLooseNumber } from './parse-number.ts'

describe('parseLooseNumber', () => {
  it('reads numbers as pages print them', () => {
    expect(parseLooseNumber('$1,250,000')).toBe(1_250_000)
    expect(parseLooseNumber('1,234 sqft')).toBe(1234)
    expect(parseLooseNumber('$2,500/mo')).toBe(2500)
    expect(parseLooseNumber('2.5 baths')).toBe(2.5)
    expect(parseLooseNumber('$1.25M')).toBe(1_250_000)
    expect(parseLooseNumber('$850K')).toBe(850_000)
    expect(parseLooseNumber('Built in 1923')).toBe(1923)
    expect(parseLooseNumber('12 months')).toBe(12)
  })

  it('says when there is no number', () => {
    expect(parseLooseNumber('Contact agent')).toBeNull()
    expect(parseLooseNumber('')).toBeNull()
  })
})

describe('areas', () => {
  it('converts to whole square feet', () => {
    expect(parseAreaText('3,746 sqft')).toBe(3746)
    expect(parseAreaText('0.25 Acres')).toBe(10_890)
    expect(parseAreaText('100 sq m')).toBe(1076)
    expect(areaToSquareFeet(2, 'Acres')).toBe(87_120)
    expect(areaToSquareFeet(900, 'Square Feet')).toBe(900)
    expect(areaToSquareFeet(81, 'MTK')).toBe(872)
    expect(areaToSquareFeet(0)).toBeNull()
    expect(parseAreaText('n/a')).toBeNull()
  })
})
