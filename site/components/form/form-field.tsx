import { useId, type ReactNode } from 'react'
import styles from './form-field.module.css'

/** What the control of a field spreads onto itself, so its label and messages are read with it. */
export interface FieldControlProps {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
  'aria-required': true | undefined
}

export interface FormFieldProps {
  label: string
  /** The control's id, for a page that needs a fixed one; otherwise one is made up. */
  id?: string | undefined
  /**
   * How the label marks the field: "required" with an asterisk (the page explains it), "optional"
   * in words; unmarked where a form marks nothing.
   */
  marker?: 'required' | 'optional' | undefined
  /** Inline message under the control; marks the control invalid. */
  error?: string | undefined
  /** Extra help under the control, read with it by screen readers. */
  hint?: ReactNode
  className?: string | undefined
  children: (control: FieldControlProps) => ReactNode
}

/**
 * A form field's label, its messages and the wiring between them and the control, which the
 * caller renders with the props it is given. Every form of the site lays out its fields this way.
 */
export function FormField({
  label,
  id: fixedId,
  marker,
  error,
  hint,
  className,
  children,
}: FormFieldProps) {
  const madeUpId = useId()
  const id = fixedId ?? madeUpId
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {marker === 'required' && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {marker === 'optional' && <span className={styles.optional}> (optional)</span>}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': marker === 'required' ? true : undefined,
      })}
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
