import { badgeLabel, badgeTone, type Renewal } from '../access-rules.ts'
import styles from './layout.module.css'

/** The header badge (docs/product.md#header-badge); nothing while the days left are unknown. */
export function StatusBadge({
  days,
  isTrial,
  renewal = null,
}: {
  days: number | null
  isTrial: boolean
  renewal?: Renewal | null
}) {
  const label = badgeLabel(days, isTrial, renewal)
  if (label === null || days === null) return null
  return (
    <span
      className={styles.badge}
      data-tone={badgeTone(days, isTrial, renewal)}
      data-status-badge=""
    >
      {label}
    </span>
  )
}
