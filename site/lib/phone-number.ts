import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js'
import { messages } from '../../api/validation-rules.ts'

export type { CountryCode }

/** Every phone field starts on the United States (docs/product.md#guest-pages: "US first"). */
export const DEFAULT_COUNTRY: CountryCode = 'US'

export interface CountryOption {
  code: CountryCode
  /** "United States (+1)": the English name and the calling code. */
  label: string
}

let options: CountryOption[] | null = null

/** Every country libphonenumber knows, by English name, with its calling code. */
export function countryOptions(): CountryOption[] {
  if (options) return options
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  options = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ code, name }) => ({ code, label: `${name} (+${callingCode(code)})` }))
  return options
}

export function callingCode(country: CountryCode): string {
  return getCountryCallingCode(country)
}

/** E.164 allows 15 digits in all; the calling code takes some of them. */
function nationalDigits(country: CountryCode, text: string): string {
  return text.replace(/\D/g, '').slice(0, 15 - callingCode(country).length)
}

/**
 * The number as typed, grouped the international way ("213 373 4253"), without the calling code,
 * which the field shows separately and does not let the user edit.
 */
export function formatPhoneInput(country: CountryCode, text: string): string {
  const digits = nationalDigits(country, text)
  if (!digits) return ''
  const prefix = `+${callingCode(country)}`
  const formatted = new AsYouType().input(prefix + digits)
  return formatted.startsWith(prefix) ? formatted.slice(prefix.length).trim() : digits
}

/**
 * The number as typed, in the country's national format ("2015550123" → "(201) 555-0123"), for a
 * field that does not show the calling code. While the user deletes, the text is left alone, or a
 * deleted bracket or dash would come straight back.
 */
export function formatNationalPhoneInput(
  country: CountryCode,
  next: string,
  previous: string,
): string {
  if (next.length < previous.length) return next
  return new AsYouType(country).input(next)
}

/**
 * The number in E.164 when it is a valid number for the country's calling code, else null.
 * Both "213 373 4253" and a national form with a trunk prefix ("07911 123456" in GB) work; where
 * the field lets the user type a calling code ("+44 7400 123456"), that code counts instead.
 */
export function toE164(country: CountryCode, text: string): string | null {
  if (text.trim().startsWith('+')) {
    const typed = parsePhoneNumberFromString(text)
    return typed?.isValid() ? typed.number : null
  }
  const digits = nationalDigits(country, text)
  if (!digits) return null
  const code = callingCode(country)
  const candidates = [
    parsePhoneNumberFromString(`+${code}${digits}`),
    parsePhoneNumberFromString(digits, country),
  ]
  for (const number of candidates) {
    if (number?.isValid() && number.countryCallingCode === code) return number.number
  }
  return null
}

/** A stored E.164 number as the phone field shows it: its country and the grouped number. */
export function phoneInputOf(e164: string): { country: CountryCode; phone: string } {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) return { country: DEFAULT_COUNTRY, phone: '' }
  const country = parsed.country ?? DEFAULT_COUNTRY
  return { country, phone: formatPhoneInput(country, parsed.nationalNumber) }
}

/** A number valid for the chosen country (it is sent in E.164). */
export function checkPhone(country: CountryCode, value: string): true | string {
  if (value.trim() === '') return messages.phoneRequired
  return toE164(country, value) !== null || messages.invalidPhone
}
