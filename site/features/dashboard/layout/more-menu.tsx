import { useEffect, useId, useRef, useState } from 'react'
import { MoreIcon } from '../dashboard-icons.tsx'
import type { DashboardSection } from './sections.ts'
import { LogoutButton, SectionLink } from './sidebar-items.tsx'
import styles from './layout.module.css'

interface MoreMenuProps {
  /** The pages without a tab of their own on a phone. */
  sections: readonly DashboardSection[]
  current: string | undefined
}

/**
 * The phone tab bar's last tab: a button that shows and hides the other pages and Logout (a
 * disclosure: Tab walks into the list, Escape closes it and gives focus back to the button; a
 * tap elsewhere closes it too). Marked current (for screen readers too) while the page on screen is
 * one of them.
 */
export function MoreMenu({ sections, current }: MoreMenuProps) {
  const [open, setOpen] = useState(false)
  const itemRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const holdsCurrent = sections.some((s) => s.href === current)

  useEffect(() => {
    if (!open) return
    function closeOutside(event: PointerEvent) {
      if (event.target instanceof Node && !itemRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
    }
  }, [open])

  const close = () => {
    setOpen(false)
  }
  return (
    <li
      ref={itemRef}
      className={styles.moreItem}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        setOpen(false)
        buttonRef.current?.focus()
      }}
      onBlur={(event) => {
        // Focus went elsewhere by keyboard (a click that focuses nothing has no relatedTarget).
        const next = event.relatedTarget
        if (next instanceof Node && !itemRef.current?.contains(next)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.navItem}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-current={holdsCurrent ? 'true' : undefined}
        onClick={() => {
          setOpen((was) => !was)
        }}
      >
        <MoreIcon size={20} />
        <span className={styles.navLabel}>More</span>
      </button>
      {open && (
        <ul id={listId} className={styles.moreList}>
          {sections.map((section) => (
            <li key={section.href}>
              <SectionLink
                section={section}
                current={current}
                className={styles.moreLink}
                onFollow={close}
              />
            </li>
          ))}
          <li>
            <LogoutButton className={styles.moreLink} />
          </li>
        </ul>
      )}
    </li>
  )
}
