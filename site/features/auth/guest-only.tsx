import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { hasStoredLogin } from '../../lib/auth-storage.ts'

/** SPEC §2/§6: a visitor with a stored access token or a logged-in flag goes to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (hasStoredLogin()) return <Redirect to="/dashboard" replace />
  return <>{children}</>
}
