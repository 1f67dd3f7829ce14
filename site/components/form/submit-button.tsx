import type { ReactNode } from 'react'
import { useHydrated } from '../../lib/use-hydrated.ts'
import styles from './submit-button.module.css'

interface SubmitButtonProps {
  children: ReactNode
  busy: boolean
  busyLabel: string
  disabled?: boolean
  /** Where the form places its button (full width, or as wide as its label). */
  className?: string | undefined
}

/**
 * A form's primary button; says what it is doing while it waits. Disabled until the page has
 * hydrated: the prerendered form would otherwise submit itself the browser's way, a GET with what
 * was typed (a password too) in the address.
 */
export function SubmitButton({
  children,
  busy,
  busyLabel,
  disabled = false,
  className,
}: SubmitButtonProps) {
  const hydrated = useHydrated()
  return (
    <button
      type="submit"
      className={['button button-primary', className].filter(Boolean).join(' ')}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" data-spinner="" />}
      {busy ? busyLabel : children}
    </button>
  )
}
