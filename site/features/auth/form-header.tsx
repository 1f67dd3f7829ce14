import type { ReactNode } from 'react'
import styles from './auth-form.module.css'

/** Title and one line of context at the top of a guest form. */
export function FormHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children && <p className={styles.subtitle}>{children}</p>}
    </header>
  )
}
