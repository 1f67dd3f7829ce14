import type { ReactNode } from 'react'
import styles from './result-layout.module.css'

export interface Step {
  title: string
  text: ReactNode
}

/** A numbered list of what to do next. */
export function StepsList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className={styles.steps}>
      {steps.map((step, index) => (
        <li key={step.title} className={styles.step}>
          <span className={styles.stepNumber} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3 className={styles.stepTitle}>{step.title}</h3>
            <p className={styles.stepText}>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
