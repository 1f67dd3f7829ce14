import type { ReactNode } from 'react'
import styles from './landing.module.css'

interface SectionHeadingProps {
  id: string
  eyebrow: string
  title: ReactNode
  children?: ReactNode
}

/** The eyebrow, title and lead every landing section opens with; `id` names the section. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className={styles.heading}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {children && <p className={styles.lead}>{children}</p>}
    </div>
  )
}
