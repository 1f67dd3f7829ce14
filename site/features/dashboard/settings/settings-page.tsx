import { useState } from 'react'
import type { Me } from '../../../../api/schemas/users.ts'
import { AgentProfileForm } from './agent-profile-form.tsx'
import { DeleteAccountSection } from './delete-account-dialog.tsx'
import { EmailForm } from './email-form.tsx'
import { PasswordForm } from './password-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { YourDataSection } from './your-data-section.tsx'
import styles from './settings.module.css'

/**
 * /dashboard/settings: the account as /users/me gave it to the dashboard, one section per form,
 * each saved on its own. What a save answers replaces the account for the others (an e-mail
 * waiting for confirmation, say). Open without a subscription: data and deletion need none.
 */
export default function SettingsPage({ user: initial }: { user: Me }) {
  const [user, setUser] = useState(initial)
  return (
    <div className={styles.page}>
      <ProfileForm user={user} onSaved={setUser} />
      <EmailForm user={user} onSaved={setUser} />
      <AgentProfileForm user={user} onSaved={setUser} />
      <PasswordForm />
      <YourDataSection />
      <DeleteAccountSection email={user.email} />
    </div>
  )
}
