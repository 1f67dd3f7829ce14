import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { useHasStoredLogin } from './use-session.ts'

/**
 * docs/product.md#guest-pages: a visitor with a stored access token or a logged-in flag goes to
 * /dashboard (once hydrated; until then the page is hidden from such a visitor by its
 * data-guest-only).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (useHasStoredLogin()) return <Redirect to="/dashboard" replace />
  return <>{children}</>
}
