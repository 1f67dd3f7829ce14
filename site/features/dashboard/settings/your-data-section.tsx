import { useState } from 'react'
import { DownloadIcon } from '../../../components/icons.tsx'
import { datedFileName, saveFile } from '../../../lib/save-file.ts'
import { errorMessage } from '../../auth/error-message.ts'
import { FormBanner } from '../../auth/form-banner.tsx'
import { exportAccount } from './api/export-account.ts'
import { SavedNote } from './saved-note.tsx'
import { SettingsSection } from './settings-section.tsx'
import styles from './settings.module.css'

/** "listingbridge-export-2025-03-15.json", with the visitor's local date. */
export function exportFileName(now = new Date()): string {
  return datedFileName('listingbridge-export', 'json', now)
}

/** Download my data: GET /users/export, saved as a JSON file. */
export function YourDataSection() {
  const [busy, setBusy] = useState(false)
  const [banner, setBanner] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)

  async function download() {
    setBusy(true)
    setBanner(null)
    setSaved(null)
    try {
      const data = await exportAccount()
      const fileName = exportFileName()
      saveFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json')
      setSaved(`Saved ${fileName}.`)
    } catch (error) {
      setBanner(errorMessage(error))
    }
    setBusy(false)
  }

  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description="A copy of everything we hold on your account (profile, converted listings, leads, CRM settings, usage, payments and sign-ins) as one JSON file."
    >
      <FormBanner message={banner} />
      <div className={styles.formActions}>
        <button
          type="button"
          className={`button button-secondary ${styles.saveButton}`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void download()}
        >
          <DownloadIcon size={18} />
          {busy ? 'Preparing your data…' : 'Download my data'}
        </button>
        <SavedNote message={saved} />
      </div>
    </SettingsSection>
  )
}
