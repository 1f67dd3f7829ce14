import { useState, type ComponentPropsWithRef, type ReactNode } from 'react'
import { FormField, type FormFieldProps } from './form-field.tsx'
import styles from './text-field.module.css'

export interface TextFieldProps
  extends
    Omit<ComponentPropsWithRef<'input'>, 'id'>,
    Pick<FormFieldProps, 'id' | 'marker' | 'error' | 'hint'> {
  label: string
  /** A password input gets a Show/Hide button that reveals what was typed. */
  revealable?: boolean
  /** Text before the input, inside its frame (e.g. a country picker). */
  before?: ReactNode
}

/** A labelled text input, with an optional Show/Hide toggle and its inline error. */
export function TextField({
  label,
  id,
  marker,
  error,
  hint,
  revealable = false,
  before,
  type = 'text',
  className,
  ...input
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false)
  return (
    <FormField
      label={label}
      id={id}
      marker={marker}
      error={error}
      hint={hint}
      className={className}
    >
      {(control) => (
        <div className={styles.frame} data-invalid={error ? 'true' : undefined}>
          {before}
          <input
            {...input}
            {...control}
            type={revealable && revealed ? 'text' : type}
            className={styles.input}
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
      )}
    </FormField>
  )
}
