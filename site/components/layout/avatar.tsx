import { UserIcon } from '../icons.tsx'
import { initialsOf } from './user-identity.ts'
import styles from './avatar.module.css'

/** Initials in a circle, or a generic user icon when the name is empty (SPEC §2). */
export function Avatar({ name }: { name: string }) {
  const initials = initialsOf(name)
  return (
    <span className={styles.avatar} data-avatar="" aria-hidden="true">
      {initials ?? <UserIcon size={18} data-generic-user="" />}
    </span>
  )
}
