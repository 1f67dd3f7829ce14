import type { ReactNode } from 'react'
import styles from './settings.module.css'

interface SaveButtonProps {
  children: ReactNode
  busy: boolean
  busyLabel: string
  disabled?: boolean
  tone?: 'danger'
}

/** A section's submit button; says what it is doing while the server answers. */
export function SaveButton({ children, busy, busyLabel, disabled = false, tone }: SaveButtonProps) {
  return (
    <button
      type="submit"
      className={`button ${tone === 'danger' ? styles.dangerButton : 'button-primary'} ${styles.saveButton}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  )
}
