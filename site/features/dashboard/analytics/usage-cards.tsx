import type { Dashboard } from '../../../../api/schemas/users.ts'
import { TrendingUpIcon, ZapIcon } from '../../../components/icons.tsx'
import { API_CALL_MEANING } from '../../../content/api-call-meaning.ts'
import { BarChartIcon, CalendarIcon } from '../dashboard-icons.tsx'
import { formatCount } from '../format.ts'
import { kindCounts, kindSummary, type KindCounts } from './chart-rules.ts'
import styles from './analytics.module.css'

type CardKey = 'total' | 'today' | 'week' | 'month'

export type UsageFigures = Record<CardKey, number>

/**
 * The analytics cards (docs/product.md#dashboard): Total API Calls; Today, the last entry of the
 * 7-day series; This Week, the 7-day total; This Month, the server's figure for the month (not
 * the all-time total the old client showed).
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

/** Each card's figure by kind: listings converted, leads saved, and any of unknown kind. */
export function usageKinds(data: Dashboard): Record<CardKey, KindCounts> {
  const kinds = data.api_calls_by_kind
  const today = data.api_usage_last_seven_days.at(-1)
  return {
    total: kindCounts({ count: data.total_api_calls, ...kinds.total }),
    today: kindCounts(today ?? { count: 0, listings: 0, leads: 0 }),
    week: kindCounts({ count: data.total_api_calls_last_seven_days, ...kinds.last_seven_days }),
    month: kindCounts({ count: data.total_api_calls_this_month, ...kinds.this_month }),
  }
}

const CARDS = [
  { key: 'total', label: 'Total API Calls', hint: 'Since you joined', Icon: BarChartIcon },
  { key: 'today', label: 'Today', hint: 'Since midnight UTC', Icon: ZapIcon },
  { key: 'week', label: 'This Week', hint: 'Last 7 days', Icon: CalendarIcon },
  { key: 'month', label: 'This Month', hint: 'Since the 1st (UTC)', Icon: TrendingUpIcon },
] as const

/** The four totals, each with its kinds, and what an API call is. */
export function UsageCards({
  figures,
  kinds,
}: {
  figures: UsageFigures
  kinds: Record<CardKey, KindCounts>
}) {
  return (
    <div className={styles.totals}>
      <ul className={styles.cards} aria-label="API call totals" aria-describedby="api-call-meaning">
        {CARDS.map(({ key, label, hint, Icon }) => (
          <li key={key} className={styles.card} data-card={key}>
            <span className={styles.cardIcon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <p className={styles.cardLabel}>{label}</p>
            <p className={styles.cardValue}>{formatCount(figures[key])}</p>
            <p className={styles.cardKinds} data-card-kinds="">
              {kindSummary(kinds[key])}
            </p>
            <p className={styles.cardHint}>{hint}</p>
          </li>
        ))}
      </ul>
      <p id="api-call-meaning" className={styles.meaning}>
        {API_CALL_MEANING}
      </p>
    </div>
  )
}
