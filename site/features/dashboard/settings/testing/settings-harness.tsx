import { useState } from 'react'
import type { Me } from '../../../../../api/schemas/users.ts'
import SettingsPage from '../settings-page.tsx'

/** Settings as the dashboard holds it: the account a save answers becomes the page's account. */
export function SettingsHarness({ user }: { user: Me }) {
  const [current, setCurrent] = useState(user)
  return <SettingsPage user={current} onUserChanged={setCurrent} />
}
