import { CheckCircleIcon } from '../../../components/icons.tsx'
import styles from './settings.module.css'

/** What the last save did, beside the form's button (announced politely). */
export function SavedNote({ message }: { message: string | null }) {
  return (
    <p className={styles.saved} role="status">
      {message && (
        <>
          <CheckCircleIcon size={18} />
          <span>{message}</span>
        </>
      )}
    </p>
  )
}
