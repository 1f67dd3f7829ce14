import { useHydrated } from '../../lib/use-hydrated.ts'
import { countryOptions, type CountryCode } from '../../lib/phone-number.ts'

/**
 * The options of a phone country picker. Country names come from the engine's Intl data, which
 * differs between Node (the prerender) and browsers: until hydrated only the chosen country is
 * listed, so the two agree.
 */
export function CountryOptions({ selected }: { selected: CountryCode }) {
  const hydrated = useHydrated()
  return countryOptions()
    .filter((option) => hydrated || option.code === selected)
    .map((option) => (
      <option key={option.code} value={option.code}>
        {option.label}
      </option>
    ))
}
