import type { ReactNode } from 'react'
import styles from './auth-form.module.css'

interface OutcomeProps {
  tone: 'success' | 'error' | 'pending'
  title: string
  children?: ReactNode
}

/** A finished step in place of its form: icon, heading, text and what to do next. */
export function Outcome({ tone, title, children }: OutcomeProps) {
  return (
    <div className={styles.outcome} role={tone === 'pending' ? 'status' : undefined}>
      <span className={`${styles.outcomeIcon} ${styles[tone]}`} aria-hidden="true">
        {tone === 'pending' ? (
          <span className={styles.bigSpinner} />
        ) : (
          <svg viewBox="0 0 24 24">
            {tone === 'success' ? (
              <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
            ) : (
              <path d="M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z" />
            )}
          </svg>
        )}
      </span>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  )
}
