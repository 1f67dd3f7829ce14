import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { AGENT_PROFILE_LIMITS } from '../../../../api/schemas/agent-profile.ts'
import type { Me } from '../../../../api/schemas/users.ts'
import { TextField } from '../../../components/form/text-field.tsx'
import { errorMessage } from '../../auth/error-message.ts'
import { FormBanner } from '../../auth/form-banner.tsx'
import { updateMe } from './api/update-me.ts'
import { SaveButton } from './save-button.tsx'
import { SavedNote } from './saved-note.tsx'
import { showFieldErrors } from './server-field-errors.ts'
import { SettingsSection } from './settings-section.tsx'
import styles from './settings.module.css'

export const AGENT_PROFILE_SAVED_MESSAGE = 'Agent profile saved.'

interface AgentProfileValues {
  listing_name: string
  license_number: string
  license_state: string
  brokerage: string
}

function valuesOf(user: Me): AgentProfileValues {
  const profile = user.agent_profile
  return {
    listing_name: profile?.listing_name ?? '',
    license_number: profile?.license_number ?? '',
    license_state: profile?.license_state ?? '',
    brokerage: profile?.brokerage ?? '',
  }
}

/** The contract's rules, with its messages (api/schemas/agent-profile.ts). */
const rules = {
  listing_name: {
    validate: (value: string) => value.trim() !== '' || 'Your name on listings is required',
    maxLength: {
      value: AGENT_PROFILE_LIMITS.listingNameMaxLength,
      message: `Your name on listings must be at most ${AGENT_PROFILE_LIMITS.listingNameMaxLength} characters long`,
    },
  },
  license_number: {
    maxLength: {
      value: AGENT_PROFILE_LIMITS.licenseNumberMaxLength,
      message: `License number must be at most ${AGENT_PROFILE_LIMITS.licenseNumberMaxLength} characters long`,
    },
  },
  license_state: {
    validate: (value: string) =>
      /^([A-Za-z]{2})?$/.test(value.trim()) || 'License state must be a two-letter code',
  },
  brokerage: {
    validate: (value: string) => value.trim() !== '' || 'Brokerage is required',
    maxLength: {
      value: AGENT_PROFILE_LIMITS.brokerageMaxLength,
      message: `Brokerage must be at most ${AGENT_PROFILE_LIMITS.brokerageMaxLength} characters long`,
    },
  },
}

/** Who the agent is on listings; PATCH /users/me { agent_profile }. */
export function AgentProfileForm({ user, onSaved }: { user: Me; onSaved: (user: Me) => void }) {
  const [banner, setBanner] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AgentProfileValues>({ mode: 'onTouched', defaultValues: valuesOf(user) })

  async function onSubmit(values: AgentProfileValues) {
    setBanner(null)
    setSaved(null)
    try {
      const next = await updateMe({
        agent_profile: {
          listing_name: values.listing_name.trim(),
          license_number: values.license_number.trim(),
          license_state: values.license_state.trim().toUpperCase(),
          brokerage: values.brokerage.trim(),
        },
      })
      reset(valuesOf(next))
      onSaved(next)
      setSaved(AGENT_PROFILE_SAVED_MESSAGE)
    } catch (error) {
      setBanner(errorMessage(error))
      showFieldErrors(error, setError, {
        'agent_profile.listing_name': 'listing_name',
        'agent_profile.license_number': 'license_number',
        'agent_profile.license_state': 'license_state',
        'agent_profile.brokerage': 'brokerage',
      })
    }
  }

  return (
    <SettingsSection
      id="agent-profile"
      title="Agent profile"
      description={
        <p>
          Your name and brokerage as your listings show them: we use them to recognize your own
          listings and to sign their Marketplace description with your name, license and brokerage.
        </p>
      }
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <FormBanner message={banner} />
        <div className={styles.fields}>
          <TextField
            label="Your name on listings"
            autoComplete="name"
            hint="As the listing page names the listing agent, e.g. “Jane Q. Smith”."
            error={errors.listing_name?.message}
            {...register('listing_name', rules.listing_name)}
          />
          <TextField
            label="Brokerage"
            autoComplete="organization"
            error={errors.brokerage?.message}
            {...register('brokerage', rules.brokerage)}
          />
          <TextField
            label="License number (optional)"
            autoComplete="off"
            error={errors.license_number?.message}
            {...register('license_number', rules.license_number)}
          />
          <TextField
            label="License state (optional)"
            autoComplete="off"
            maxLength={2}
            className={styles.stateField}
            hint="Two letters, e.g. TX."
            error={errors.license_state?.message}
            {...register('license_state', rules.license_state)}
          />
        </div>
        <div className={styles.formActions}>
          <SaveButton busy={isSubmitting} busyLabel="Saving…">
            Save agent profile
          </SaveButton>
          <SavedNote message={saved} />
        </div>
      </form>
    </SettingsSection>
  )
}
