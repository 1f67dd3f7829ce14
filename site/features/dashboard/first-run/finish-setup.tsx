import { useState } from 'react'
import type { Dashboard } from '../../../../api/schemas/users.ts'
import { CloseIcon } from '../../../components/icons.tsx'
import { SetupStepItem } from './setup-step-item.tsx'
import { setupSteps, type ExtensionStatus } from './setup-steps.ts'
import styles from './first-run.module.css'

/** Where "Hide" is remembered in this browser (until logout clears storage, like the sidebar). */
export const SETUP_HIDDEN_KEY = 'dashboardSetupHidden'

function readHidden(): boolean {
  try {
    return localStorage.getItem(SETUP_HIDDEN_KEY) === 'true'
  } catch {
    return false
  }
}

/**
 * Below the numbers, the steps still to do (an agent who converts listings and has never saved a
 * lead, or the other way round), until they are done or the agent hides them.
 */
export function FinishSetup({
  data,
  extension,
  hasAgentProfile,
}: {
  data: Dashboard
  extension: ExtensionStatus
  hasAgentProfile: boolean
}) {
  const [hidden, setHidden] = useState(readHidden)
  const steps = setupSteps(data, extension, hasAgentProfile)
  const undone = steps.filter((step) => !step.done)
  if (hidden || undone.length === 0) return null

  const hide = () => {
    try {
      localStorage.setItem(SETUP_HIDDEN_KEY, 'true')
    } catch {
      // Storage blocked: hidden for this visit only.
    }
    setHidden(true)
  }
  return (
    <section className={styles.finish} aria-labelledby="finish-setup-title" data-finish-setup="">
      <div className={styles.header}>
        <h2 id="finish-setup-title" className={styles.title}>
          Finish setting up
        </h2>
        <p className={styles.progress}>
          {steps.length - undone.length} of {steps.length} done
        </p>
        <button type="button" className={styles.hide} onClick={hide}>
          <CloseIcon size={16} />
          Hide<span className="sr-only"> the setup steps</span>
        </button>
      </div>
      <ol className={styles.steps}>
        {steps.map(
          (step, index) =>
            !step.done && (
              <SetupStepItem key={step.key} step={step} number={index + 1} extension={extension} />
            ),
        )}
      </ol>
    </section>
  )
}
