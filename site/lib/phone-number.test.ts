import { describe, expect, it } from 'vitest'
import {
  countryOptions,
  DEFAULT_COUNTRY,
  formatNationalPhoneInput,
  formatPhoneInput,
  phoneInputOf,
  toE164,
} from './phone-number.ts'

describe('phone numbers', () => {
  it('starts on the United States and lists every country by name with its calling code', () => {
    expect(DEFAULT_COUNTRY).toBe('US')
    const options = countryOptions()
    expect(options.find((option) => option.code === 'US')?.label).toBe('United States (+1)')
    expect(options.find((option) => option.code === 'GB')?.label).toBe('United Kingdom (+44)')
    const labels = options.map((option) => option.label)
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)))
  })

  it('groups a number the international way, without its calling code', () => {
    expect(formatPhoneInput('US', '2133734253')).toBe('213 373 4253')
    // A typed plus or calling code is not special: only digits count.
    expect(formatPhoneInput('US', '+44')).toBe('44')
    expect(formatPhoneInput('US', 'abc')).toBe('')
  })

  it('formats a number nationally as it is typed, and leaves it alone while it is deleted', () => {
    expect(formatNationalPhoneInput('US', '2015550123', '')).toBe('(201) 555-0123')
    expect(formatNationalPhoneInput('GB', '07400123456', '')).toBe('07400 123456')
    expect(formatNationalPhoneInput('US', '(201) 555-012', '(201) 555-0123')).toBe('(201) 555-012')
  })

  it('gives E.164 for a valid number of the chosen country, else null', () => {
    expect(toE164('US', '213 373 4253')).toBe('+12133734253')
    expect(toE164('US', '(201) 555-0123')).toBe('+12015550123')
    expect(toE164('GB', '07911 123456')).toBe('+447911123456')
    expect(toE164('US', '12345')).toBeNull()
    expect(toE164('US', '')).toBeNull()
  })

  it('takes a typed calling code over the chosen country', () => {
    expect(toE164('US', '+44 7400 123456')).toBe('+447400123456')
    expect(toE164('US', '+44 12')).toBeNull()
  })

  it('shows a stored number as its country and the grouped national number', () => {
    expect(phoneInputOf('+442071234567')).toEqual({ country: 'GB', phone: '20 7123 4567' })
    expect(phoneInputOf('+12133734253')).toEqual({ country: 'US', phone: '213 373 4253' })
    expect(phoneInputOf('not a number')).toEqual({ country: 'US', phone: '' })
  })
})
