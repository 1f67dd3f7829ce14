import { badgeLabel } from '../access-rules.ts'
import styles from './layout.module.css'

/** SPEC §4 header badge; renders nothing while the days left are unknown (null). */
export function StatusBadge({ days, isTrial }: { days: number | null; isTrial: boolean }) {
  const label = badgeLabel(days, isTrial)
  if (label === null) return null
  const tone = days !== null && days <= 0 ? 'expired' : isTrial ? 'trial' : 'active'
  return (
    <span className={styles.badge} data-tone={tone} data-status-badge="">
      {label}
    </span>
  )
}
