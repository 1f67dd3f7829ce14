/**
 * The logout module pulls in the API client (and zod with it); the header loads it only when a
 * visitor actually logs out, so the landing page's first load stays small
 * (docs/architecture.md#budgets).
 */
export function logoutDesktop(navigate: (to: string) => void): Promise<void> {
  return import('../../features/auth/logout.ts').then(({ logout }) => {
    logout(navigate)
  })
}

export function logoutOnMobile(): Promise<void> {
  return import('../../features/auth/logout.ts').then(({ logoutMobile }) => {
    logoutMobile()
  })
}
