import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link, useLocation } from 'wouter'
import { ChevronDownIcon, DashboardIcon, LogOutIcon, UserIcon } from '../icons.tsx'
import { Avatar } from './avatar.tsx'
import { logoutDesktop } from './lazy-logout.ts'
import { useKnownUserName } from './use-user-name.ts'
import { userLabel } from './user-identity.ts'
import styles from './user-menu.module.css'

/**
 * The desktop user menu: initials avatar and name; Dashboard, Settings and Log Out. Radix gives the menu
 * semantics, arrow keys, and closing on Escape or an outside click. Loaded lazily: only logged-in
 * visitors need it.
 */
export default function UserMenu() {
  const name = useKnownUserName()
  const [, navigate] = useLocation()
  const label = userLabel(name)
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={`Account menu for ${label}`}>
        <Avatar name={name} />
        <span className={styles.name}>{label}</span>
        <ChevronDownIcon size={16} className={styles.chevron} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8}>
          <DropdownMenu.Label className={styles.label}>
            Signed in as <strong>{label}</strong>
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={styles.item}>
            <Link href="/dashboard">
              <DashboardIcon size={18} />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          {/* Open without a subscription too: the way to one's data when the trial has ended. */}
          <DropdownMenu.Item asChild className={styles.item}>
            <Link href="/dashboard/settings">
              <UserIcon size={18} />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => {
              void logoutDesktop(navigate)
            }}
          >
            <LogOutIcon size={18} />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
