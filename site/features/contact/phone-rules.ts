import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js'

export type { CountryCode }

/** SPEC §9: the phone country defaults to the United States. */
export const DEFAULT_COUNTRY: CountryCode = 'US'

export interface CountryOption {
  code: CountryCode
  label: string
}

let options: CountryOption[] | null = null

/** Every country libphonenumber knows, by English name, with its calling code. */
export function countryOptions(): CountryOption[] {
  if (options) return options
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  options = getCountries()
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      callingCode: getCountryCallingCode(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ code, name, callingCode }) => ({ code, label: `${name} (+${callingCode})` }))
  return options
}

/**
 * Formats what the visitor typed for the chosen country ("2015550123" → "(201) 555-0123").
 * While they delete, the text is left alone, or a deleted bracket or dash would come straight back.
 */
export function formatAsYouType(next: string, previous: string, country: CountryCode): string {
  if (next.length < previous.length) return next
  return new AsYouType(country).input(next)
}

/** Empty is fine (the field is optional); anything typed must be a real number for the country. */
export function isAcceptablePhone(value: string, country: CountryCode): boolean {
  return value.trim() === '' || isValidPhoneNumber(value, country)
}

/** The number in E.164 when it parses, as typed otherwise; undefined when empty. */
export function phoneForSending(value: string, country: CountryCode): string | undefined {
  const trimmed = value.trim()
  if (!trimmed) return undefined
  return parsePhoneNumberFromString(trimmed, country)?.number ?? trimmed
}
