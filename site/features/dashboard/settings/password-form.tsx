import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { messages } from '../../../../api/validation-rules.ts'
import { TextField } from '../../../components/form/text-field.tsx'
import { siteTokenStore } from '../../../lib/api.ts'
import { newPasswordRules } from '../../../lib/field-rules.ts'
import { errorMessage } from '../../auth/error-message.ts'
import { FormBanner } from '../../auth/form-banner.tsx'
import { PasswordRequirements } from '../../auth/password-requirements.tsx'
import { changePassword } from './api/change-password.ts'
import { SaveButton } from './save-button.tsx'
import { SavedNote } from './saved-note.tsx'
import { showFieldErrors } from './server-field-errors.ts'
import { SettingsSection } from './settings-section.tsx'
import styles from './settings.module.css'

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. You were signed out everywhere else.'

interface PasswordValues {
  current_password: string
  new_password: string
  confirm: string
}

const EMPTY: PasswordValues = { current_password: '', new_password: '', confirm: '' }

/**
 * Current, new and confirmed password; POST /users/change-password. Every session ends there,
 * this page's included: the new session it answers is saved (and handed to the extension, which
 * shares it), so only the other browsers and devices are signed out. `onChanged`: the change is
 * made (the server has also called off an e-mail change waiting for its link).
 */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [banner, setBanner] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ mode: 'onTouched', defaultValues: EMPTY })
  const newPassword = useWatch({ control, name: 'new_password' })

  // A changed password re-checks a confirmation the user has already typed.
  useEffect(() => {
    if (getFieldState('confirm').isTouched) void trigger('confirm')
  }, [newPassword, getFieldState, trigger])

  async function onSubmit(values: PasswordValues) {
    setBanner(null)
    setSaved(null)
    let session: Awaited<ReturnType<typeof changePassword>>
    try {
      session = await changePassword({
        current_password: values.current_password,
        new_password: values.new_password,
      })
    } catch (error) {
      setBanner(errorMessage(error))
      showFieldErrors(error, setError, {
        current_password: 'current_password',
        new_password: 'new_password',
      })
      return
    }
    await siteTokenStore.saveSession(session)
    reset(EMPTY)
    onChanged()
    setSaved(PASSWORD_CHANGED_MESSAGE)
  }

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing it signs you out on every other browser and device."
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <FormBanner message={banner} />
        <div className={styles.fields}>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            className={styles.wholeRow}
            error={errors.current_password?.message}
            {...register('current_password', { required: messages.passwordRequired })}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            revealable
            error={errors.new_password?.message}
            hint={<PasswordRequirements password={newPassword} />}
            {...register('new_password', newPasswordRules)}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            revealable
            error={errors.confirm?.message}
            {...register('confirm', {
              required: messages.confirmPassword,
              validate: (value, values) =>
                value === values.new_password || messages.passwordsDoNotMatch,
            })}
          />
        </div>
        <div className={styles.formActions}>
          <SaveButton busy={isSubmitting} busyLabel="Changing…">
            Change password
          </SaveButton>
          <SavedNote message={saved} />
        </div>
      </form>
    </SettingsSection>
  )
}
