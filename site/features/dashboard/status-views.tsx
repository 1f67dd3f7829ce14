import { AlertIcon } from './dashboard-icons.tsx'
import styles from './layout/layout.module.css'

/** A spinner with its words for screen readers (and sighted users, below it). */
export function Spinner({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? styles.gateSpinner : styles.spinnerBlock} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.spinnerLabel}>{label}</span>
    </div>
  )
}

/** A failed load: what went wrong and, when it may help, a way to try again. */
export function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title: string
  message: string
  onRetry?: () => void
}) {
  return (
    <div className={styles.errorPanel} role="alert">
      <AlertIcon size={24} className={styles.errorIcon} />
      <div>
        <p className={styles.errorTitle}>{title}</p>
        <p className={styles.errorMessage}>{message}</p>
        {onRetry && (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  )
}
