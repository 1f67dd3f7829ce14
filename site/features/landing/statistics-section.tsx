import { flags } from '../../lib/flags.ts'
import styles from './landing.module.css'

const stats = [
  { value: 'Millions', label: 'of people browse Facebook Marketplace every day' },
  { value: '67%', label: 'less time per listing than posting it by hand' },
  { value: '3.5x', label: 'more listings posted per agent each week' },
]
const moreStats = [
  { value: '98%', label: 'Satisfaction' },
  { value: '15+ hrs', label: 'Weekly saved' },
  { value: '40%', label: 'More qualified leads' },
]

/**
 * Landing section 5: statistics, with a further strip that stays hidden
 * (docs/product.md#hidden-parts).
 */
export function StatisticsSection() {
  return (
    <section className={styles.stats} aria-labelledby="stats-title">
      <div className="container">
        <h2 id="stats-title" className={styles.statsTitle}>
          Small Effort, Big Reach
        </h2>
        <dl className={styles.statGrid}>
          {stats.map(({ value, label }) => (
            <div key={value} className={styles.stat}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <dl className={styles.statStrip} hidden={!flags.secondaryStatsStrip}>
          {moreStats.map(({ value, label }) => (
            <div key={value}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.statsNote}>
          Time and volume figures are estimates comparing a typical listing posted by hand with the
          same listing posted through ListingBridge. Your results will vary.
        </p>
      </div>
    </section>
  )
}
