import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { Me } from '../../../../api/schemas/users.ts'
import { PhoneField } from '../../../components/form/phone-field.tsx'
import { TextField } from '../../../components/form/text-field.tsx'
import { checkName } from '../../../lib/field-rules.ts'
import { checkPhone, phoneInputOf, toE164, type CountryCode } from '../../../lib/phone-number.ts'
import { setUserName } from '../../../lib/store.ts'
import { errorMessage } from '../../auth/error-message.ts'
import { FormBanner } from '../../auth/form-banner.tsx'
import { updateMe } from './api/update-me.ts'
import { SaveButton } from './save-button.tsx'
import { SavedNote } from './saved-note.tsx'
import { showFieldErrors } from './server-field-errors.ts'
import { SettingsSection } from './settings-section.tsx'
import styles from './settings.module.css'

export const PROFILE_SAVED_MESSAGE = 'Profile saved.'

interface ProfileValues {
  full_name: string
  country: CountryCode
  phone: string
}

function valuesOf(user: Me): ProfileValues {
  return { full_name: user.full_name, ...phoneInputOf(user.phone) }
}

/** Full name and phone, with sign-up's rules; PATCH /users/me. */
export function ProfileForm({ user, onSaved }: { user: Me; onSaved: (user: Me) => void }) {
  const [banner, setBanner] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ mode: 'onTouched', defaultValues: valuesOf(user) })
  const country = useWatch({ control, name: 'country' })

  async function onSubmit(values: ProfileValues) {
    setBanner(null)
    setSaved(null)
    const phone = toE164(values.country, values.phone)
    if (!phone) return
    try {
      const next = await updateMe({ full_name: values.full_name.trim(), phone })
      reset(valuesOf(next))
      setUserName(next.full_name)
      onSaved(next)
      setSaved(PROFILE_SAVED_MESSAGE)
    } catch (error) {
      // What was typed stays in the form; the messages say what to change.
      setBanner(errorMessage(error))
      showFieldErrors(error, setError, { full_name: 'full_name', phone: 'phone' })
    }
  }

  return (
    <SettingsSection
      id="profile"
      title="Profile"
      description="Your name and phone number on your ListingBridge account."
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <FormBanner message={banner} />
        <div className={styles.fields}>
          <TextField
            label="Full name"
            autoComplete="name"
            error={errors.full_name?.message}
            {...register('full_name', { validate: checkName })}
          />
          <Controller
            control={control}
            name="phone"
            rules={{ validate: (value, values) => checkPhone(values.country, value) }}
            render={({ field, fieldState }) => (
              <PhoneField
                label="Phone number"
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                country={country}
                onCountryChange={(next) => {
                  setValue('country', next)
                }}
              />
            )}
          />
        </div>
        <div className={styles.formActions}>
          <SaveButton busy={isSubmitting} busyLabel="Saving…">
            Save profile
          </SaveButton>
          <SavedNote message={saved} />
        </div>
      </form>
    </SettingsSection>
  )
}
