import type { ReactNode } from 'react'
import styles from './contact.module.css'

interface FieldShellProps {
  id: string
  label: string
  required?: boolean
  error?: string | undefined
  hint?: string
  children: (describedBy: string | undefined) => ReactNode
}

/** Label, control and the message under it, wired for screen readers. */
export function FieldShell({ id, label, required, error, hint, children }: FieldShellProps) {
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = error ? errorId : hint ? hintId : undefined
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className={styles.optional}> (optional)</span>
        )}
      </label>
      {children(describedBy)}
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
