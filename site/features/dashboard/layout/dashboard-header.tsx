import { useSnapshot } from 'valtio'
import { Avatar } from '../../../components/layout/avatar.tsx'
import { ui } from '../../../lib/store.ts'
import { StatusBadge } from './status-badge.tsx'
import styles from './layout.module.css'

/**
 * SPEC §2: the dashboard's own header, with the page title, the trial or days-left badge and the
 * user's name, all from the interface state the access gate filled.
 */
export function DashboardHeader({ title, known }: { title: string; known: boolean }) {
  const snap = useSnapshot(ui)
  const name = snap.userName.trim()
  return (
    <header className={styles.topbar}>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.identity}>
        <StatusBadge days={known ? snap.remainingDays : null} isTrial={snap.isTrial} />
        <span className={styles.user} data-user-name="">
          <Avatar name={name} />
          <span className={styles.userName}>{name || 'User'}</span>
        </span>
      </div>
    </header>
  )
}
