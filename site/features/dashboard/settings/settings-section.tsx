import type { ReactNode } from 'react'
import styles from './settings.module.css'

interface SettingsSectionProps {
  /** Names the section's heading id. */
  id: string
  title: string
  /** One or two sentences under the title: what the section is for. */
  description?: ReactNode
  tone?: 'danger'
  children: ReactNode
}

/** One part of Settings: its own panel, heading and form. */
export function SettingsSection({ id, title, description, tone, children }: SettingsSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} data-tone={tone}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        {description && <div className={styles.sectionText}>{description}</div>}
      </div>
      {children}
    </section>
  )
}
