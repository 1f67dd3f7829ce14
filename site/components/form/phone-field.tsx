import type { Ref } from 'react'
import { callingCode, formatPhoneInput, type CountryCode } from '../../lib/phone-number.ts'
import { CountryOptions } from './country-options.tsx'
import { TextField } from './text-field.tsx'
import styles from './phone-field.module.css'

interface PhoneFieldProps {
  label: string
  country: CountryCode
  onCountryChange: (country: CountryCode) => void
  value: string
  /** Called with the number grouped for the country, as typed and when the country changes. */
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/**
 * Phone number with a country picker (docs/product.md#guest-pages, sign-up): the calling code of
 * the chosen country is shown before the number and cannot be edited; the number is grouped as it
 * is typed.
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
            const next = event.target.value as CountryCode
            onCountryChange(next)
            // The country first, so that checking the regrouped number uses the new one.
            onChange(formatPhoneInput(next, value))
          }}
        >
          <CountryOptions selected={country} />
        </select>
      </span>
      <span className={styles.callingCode} data-testid="calling-code">
        +{callingCode(country)}
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
