import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { Toaster } from '../lib/toast.tsx'

/** Puts the browser at `path` and renders `ui` with the toaster, as the app would. */
export function renderAt(path: string, ui: ReactElement) {
  window.history.replaceState(null, '', path)
  const user = userEvent.setup({ delay: null })
  const result = render(
    <>
      {ui}
      <Toaster />
    </>,
  )
  return { user, ...result }
}

export function currentPath(): string {
  return window.location.pathname
}
