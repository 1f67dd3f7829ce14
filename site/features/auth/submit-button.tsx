import type { ReactNode } from 'react'
import styles from './auth-form.module.css'

interface SubmitButtonProps {
  children: ReactNode
  busy: boolean
  busyLabel: string
  disabled?: boolean
}

/** The full-width primary button of a guest form; says what it is doing while it waits. */
export function SubmitButton({ children, busy, busyLabel, disabled = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button-primary ${styles.submit}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  )
}
