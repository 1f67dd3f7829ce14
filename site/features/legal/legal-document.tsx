import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/page-title.ts'
import styles from './legal.module.css'

export const LEGAL_UPDATED = 'November 21, 2026'

/** The frame of a legal page: title, date, readable column. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title)
  return (
    <article className={`container narrow ${styles.document}`}>
      <header className={styles.header}>
        <p className="eyebrow">Legal</p>
        <h1>{title}</h1>
        <p className={styles.updated}>Last updated: {LEGAL_UPDATED}</p>
      </header>
      {children}
    </article>
  )
}
