import { UserIcon } from '../icons.tsx'
import { initialsOf } from '../../lib/initials.ts'
import styles from './avatar.module.css'

/**
 * Initials in a circle, or a generic user icon when the name is empty
 * (docs/product.md#avatar-initials).
 */
export function Avatar({ name }: { name: string }) {
  const initials = initialsOf(name)
  return (
    <span className={styles.avatar} data-avatar="" aria-hidden="true">
      {initials ?? <UserIcon size={18} data-generic-user="" />}
    </span>
  )
}
