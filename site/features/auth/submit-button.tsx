import type { ReactNode } from 'react'
import { useHydrated } from '../../lib/use-hydrated.ts'
import styles from './auth-form.module.css'

interface SubmitButtonProps {
  children: ReactNode
  busy: boolean
  busyLabel: string
  disabled?: boolean
}

/**
 * The full-width primary button of a guest form; says what it is doing while it waits. Disabled
 * until the page has hydrated: the prerendered form would otherwise submit itself the browser's
 * way, a GET with the password in the address.
 */
export function SubmitButton({ children, busy, busyLabel, disabled = false }: SubmitButtonProps) {
  const hydrated = useHydrated()
  return (
    <button
      type="submit"
      className={`button button-primary ${styles.submit}`}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  )
}
