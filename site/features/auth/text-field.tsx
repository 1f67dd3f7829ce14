import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react'
import styles from './text-field.module.css'

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string
  /** Inline message under the input; marks the input invalid. */
  error?: string | undefined
  /** A password input gets a Show/Hide button that reveals what was typed. */
  revealable?: boolean
  /** Text before the input, inside its frame (e.g. a country picker). */
  before?: ReactNode
  /** Extra help under the input, read with it by screen readers. */
  hint?: ReactNode
}

/** Labelled input with optional show/hide toggle and inline error (SPEC §2 guest pages). */
export function TextField({
  label,
  error,
  revealable = false,
  before,
  hint,
  type = 'text',
  className,
  ...input
}: TextFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.frame} data-invalid={error ? 'true' : undefined}>
        {before}
        <input
          {...input}
          id={id}
          type={revealable && revealed ? 'text' : type}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {revealable && (
          <button
            type="button"
            className={styles.toggle}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={revealed}
            onClick={() => {
              setRevealed((value) => !value)
            }}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
