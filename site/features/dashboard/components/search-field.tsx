import { useId, useRef } from 'react'
import { SearchIcon } from '../dashboard-icons.tsx'
import styles from './filter-bar.module.css'
import { useFittingPlaceholder } from './use-fitting-placeholder.ts'

interface SearchFieldProps {
  /** The field's name for screen readers: "Search leads". */
  label: string
  /** What one can search by, in full, for screen readers whatever hint shows. */
  description: string
  /** Hints, longest first: the field shows the longest that fits its width. Keep it constant. */
  placeholders: readonly string[]
  value: string
  onChange: (value: string) => void
  maxLength?: number
  className?: string
}

/** The search box above a dashboard table, its hint fitted to its width. */
export function SearchField({
  label,
  description,
  placeholders,
  value,
  onChange,
  maxLength,
  className,
}: SearchFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const placeholder = useFittingPlaceholder(input, placeholders)
  return (
    <div className={className ? `${styles.search} ${className}` : styles.search}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span id={`${id}-hint`} className="sr-only">
        {description}
      </span>
      <SearchIcon size={18} className={styles.searchIcon} />
      <input
        ref={input}
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      />
    </div>
  )
}
