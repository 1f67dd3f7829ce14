import { useContext } from 'react'
import { useSnapshot } from 'valtio'
import { Avatar } from '../../../components/layout/avatar.tsx'
import { ui } from '../../../lib/store.ts'
import { renewalOf, type Renewal } from '../access-rules.ts'
import { DashboardDataContext } from '../use-dashboard-data.ts'
import { StatusBadge } from './status-badge.tsx'
import styles from './layout.module.css'

/**
 * The dashboard's own header, with the page title, the trial or subscription badge and
 * the user's name, from the interface state the access gate filled. How the subscription goes on
 * comes from the dashboard data once loaded (it is loaded again after a cancel), else from the
 * gate's `renewal`.
 */
export function DashboardHeader({
  title,
  known,
  renewal = null,
}: {
  title: string
  known: boolean
  renewal?: Renewal | null
}) {
  const snap = useSnapshot(ui)
  const data = useContext(DashboardDataContext)
  const current = data?.state.status === 'ready' ? renewalOf(data.state.data) : renewal
  const name = snap.userName.trim()
  return (
    <header className={styles.topbar}>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.identity}>
        <StatusBadge
          days={known ? snap.remainingDays : null}
          isTrial={snap.isTrial}
          renewal={current}
        />
        <span className={styles.user} data-user-name="">
          <Avatar name={name} />
          <span className={styles.userName}>{name || 'User'}</span>
        </span>
      </div>
    </header>
  )
}
