import type { Dashboard } from '../../../../api/schemas/users.ts'
import { TrendingUpIcon, ZapIcon } from '../../../components/icons.tsx'
import { BarChartIcon, CalendarIcon } from '../dashboard-icons.tsx'
import { formatCount } from '../format.ts'
import styles from './analytics.module.css'

export interface UsageFigures {
  total: number
  today: number
  week: number
  month: number
}

/**
 * SPEC §2 analytics cards: Total API Calls; Today, the last entry of the 7-day series; This Week,
 * the 7-day total; This Month, the server's figure for the month (DESIGN §7: built working, not
 * the total the spec mentions).
 */
export function usageFigures(data: Dashboard): UsageFigures {
  const series = data.api_usage_last_seven_days
  return {
    total: data.total_api_calls,
    today: series[series.length - 1]?.count ?? 0,
    week: data.total_api_calls_last_seven_days,
    month: data.total_api_calls_this_month,
  }
}

const CARDS = [
  { key: 'total', label: 'Total API Calls', hint: 'Since you joined', Icon: BarChartIcon },
  { key: 'today', label: 'Today', hint: 'Since midnight UTC', Icon: ZapIcon },
  { key: 'week', label: 'This Week', hint: 'Last 7 days', Icon: CalendarIcon },
  { key: 'month', label: 'This Month', hint: 'Since the 1st (UTC)', Icon: TrendingUpIcon },
] as const

export function UsageCards({ figures }: { figures: UsageFigures }) {
  return (
    <ul className={styles.cards} aria-label="API call totals">
      {CARDS.map(({ key, label, hint, Icon }) => (
        <li key={key} className={styles.card} data-card={key}>
          <span className={styles.cardIcon} aria-hidden="true">
            <Icon size={20} />
          </span>
          <p className={styles.cardLabel}>{label}</p>
          <p className={styles.cardValue}>{formatCount(figures[key])}</p>
          <p className={styles.cardHint}>{hint}</p>
        </li>
      ))}
    </ul>
  )
}
