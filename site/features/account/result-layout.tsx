import type { ReactNode } from 'react'
import styles from './result-layout.module.css'

/** The centred card that the post-action pages sit in (docs/product.md#post-action-pages). */
export function ResultLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={styles.page}>
      <div className={`${styles.card} ${wide ? styles.wide : ''}`}>{children}</div>
    </div>
  )
}
