import type { CountryCode } from 'libphonenumber-js'
import type { Ref } from 'react'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { callingCode, countryOptions, formatPhoneInput } from './phone.ts'
import { TextField } from './text-field.tsx'
import styles from './phone-field.module.css'

interface PhoneFieldProps {
  label: string
  country: CountryCode
  onCountryChange: (country: CountryCode) => void
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/**
 * Phone number with a country picker (SPEC §2 sign-up): the calling code of the chosen country
 * is shown before the number and cannot be edited; the number is grouped as it is typed.
 */
export function PhoneField({
  label,
  country,
  onCountryChange,
  value,
  onChange,
  onBlur,
  name,
  error,
  inputRef,
}: PhoneFieldProps) {
  const code = callingCode(country)
  // Country names come from the engine's Intl data, which differs between Node (the prerender)
  // and browsers: until hydrated only the chosen country is listed, so the two agree.
  const hydrated = useHydrated()
  const options = hydrated
    ? countryOptions()
    : countryOptions().filter((option) => option.code === country)
  const picker = (
    <span className={styles.prefix}>
      <span className={styles.country}>
        <span aria-hidden="true" className={styles.countryCode}>
          {country}
          <svg viewBox="0 0 12 12" className={styles.chevron}>
            <path d="M2.5 4.5 6 8l3.5-3.5" />
          </svg>
        </span>
        <select
          className={styles.select}
          aria-label="Country"
          value={country}
          onChange={(event) => {
            onCountryChange(event.target.value as CountryCode)
          }}
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} (+{option.callingCode})
            </option>
          ))}
        </select>
      </span>
      <span className={styles.callingCode} data-testid="calling-code">
        +{code}
      </span>
    </span>
  )
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      name={name}
      ref={inputRef}
      before={picker}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(formatPhoneInput(country, event.target.value))
      }}
      onBlur={onBlur}
    />
  )
}
