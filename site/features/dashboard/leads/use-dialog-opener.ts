import { useMemo, useRef } from 'react'

/**
 * The element that opened a dialog, focused again when the dialog closes. Radix gives focus back
 * to a Dialog.Trigger; these dialogs open from a table row or the toolbar, not from a trigger, so
 * without this focus would land on the page's body and a keyboard user would start over.
 */
export interface DialogOpener {
  /** Call with the button that opens the dialog (an event's currentTarget). */
  remember: (element: Element | null | undefined) => void
  current: () => HTMLElement | null
  /** For Dialog.Content: focuses the opener if it is still on the page. */
  onCloseAutoFocus: (event: Event) => void
}

export function useDialogOpener(): DialogOpener {
  const opener = useRef<HTMLElement | null>(null)
  return useMemo(
    () => ({
      remember: (element) => {
        opener.current = element instanceof HTMLElement ? element : null
      },
      current: () => opener.current,
      onCloseAutoFocus: (event) => {
        const element = opener.current
        if (!element?.isConnected) return
        event.preventDefault()
        element.focus()
      },
    }),
    [],
  )
}
