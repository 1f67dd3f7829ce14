import type { Me } from '../../../../api/schemas/users.ts'
import { AgentProfileForm } from './agent-profile-form.tsx'
import { DeleteAccountSection } from './delete-account-dialog.tsx'
import { EmailForm } from './email-form.tsx'
import { PasswordForm } from './password-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { YourDataSection } from './your-data-section.tsx'
import styles from './settings.module.css'

/**
 * /dashboard/settings: the account as the dashboard has it, one section per form, each saved on
 * its own. What a save answers becomes the dashboard's account (`onUserChanged`), so the other
 * forms, the header and this page opened again show it. Open without a subscription: data and
 * deletion need none.
 */
export default function SettingsPage({
  user,
  onUserChanged,
}: {
  user: Me
  onUserChanged: (user: Me) => void
}) {
  return (
    <div className={styles.page}>
      <ProfileForm user={user} onSaved={onUserChanged} />
      <EmailForm user={user} onSaved={onUserChanged} />
      <AgentProfileForm user={user} onSaved={onUserChanged} />
      <PasswordForm
        onChanged={() => {
          // The server called off an e-mail change under way: its link no longer works.
          onUserChanged({ ...user, pending_email: null })
        }}
      />
      <YourDataSection />
      <DeleteAccountSection email={user.email} />
    </div>
  )
}
