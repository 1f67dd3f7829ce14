import { useId } from 'react'
import styles from './filter-bar.module.css'

interface FilterSelectProps<T extends string> {
  /** The menu's name for screen readers: "Status", "Source". */
  label: string
  /** The first choice, no filter: "All statuses". */
  anyLabel: string
  options: readonly T[]
  optionLabel: (option: T) => string
  /** The chosen option, or '' for any. */
  value: T | ''
  onChange: (value: T | '') => void
}

/** One filter menu beside the search box: any, or one of `options`. */
export function FilterSelect<T extends string>({
  label,
  anyLabel,
  options,
  optionLabel,
  value,
  onChange,
}: FilterSelectProps<T>) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className={styles.filterSelect}
        value={value}
        onChange={(event) => {
          onChange(options.find((option) => option === event.target.value) ?? '')
        }}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </>
  )
}
