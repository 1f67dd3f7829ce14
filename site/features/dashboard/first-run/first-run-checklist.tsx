import { useEffect } from 'react'
import type { Dashboard } from '../../../../api/schemas/users.ts'
import { API_CALL_MEANING } from '../../../content/api-call-meaning.ts'
import { SetupStepItem } from './setup-step-item.tsx'
import { setupSteps, type ExtensionStatus } from './setup-steps.ts'
import styles from './first-run.module.css'

/**
 * A new agent's dashboard: the steps to a first Marketplace draft and a first lead, each done
 * or to do, until there is usage to show. The agent does the steps in other tabs, so the dashboard
 * data is loaded again whenever this window gets the focus back.
 */
export function FirstRunChecklist({
  data,
  extension,
  hasAgentProfile,
  onReturn,
}: {
  data: Dashboard
  extension: ExtensionStatus
  hasAgentProfile: boolean
  /** Loads the dashboard again. */
  onReturn: () => void
}) {
  useEffect(() => {
    window.addEventListener('focus', onReturn)
    return () => {
      window.removeEventListener('focus', onReturn)
    }
  }, [onReturn])

  const steps = setupSteps(data, extension, hasAgentProfile)
  const done = steps.filter((step) => step.done).length
  return (
    <section className={styles.checklist} aria-labelledby="first-run-title" data-first-run="">
      <div className={styles.header}>
        <h2 id="first-run-title" className={styles.title}>
          Get set up
        </h2>
        <p className={styles.progress}>
          {done} of {steps.length} done
        </p>
      </div>
      <p className={styles.intro}>
        From a listing to a Facebook Marketplace draft in one click. Your numbers show here once you
        convert a listing or save a lead.
      </p>
      <div className={styles.progressBar} aria-hidden="true">
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <SetupStepItem key={step.key} step={step} number={index + 1} extension={extension} />
        ))}
      </ol>
      <p className={styles.meaning}>{API_CALL_MEANING}</p>
    </section>
  )
}
