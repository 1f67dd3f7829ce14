import type { BillingCycle } from './pricing-rules.ts'
import styles from './pricing.module.css'

interface BillingToggleProps {
  cycle: BillingCycle
  onChange: (cycle: BillingCycle) => void
  /** Shown as "(Save N%)" on Annual when above 0 (docs/product.md#pricing-cycle). */
  savePercent: number
}

/** Monthly / Annual as a real radio group: arrow keys move between the two. */
export function BillingToggle({ cycle, onChange, savePercent }: BillingToggleProps) {
  const options: { value: BillingCycle; label: string }[] = [
    { value: 'monthly', label: 'Monthly' },
    { value: 'annual', label: 'Annual' },
  ]
  return (
    <fieldset className={styles.toggle}>
      <legend className="sr-only">Billing cycle</legend>
      {options.map(({ value, label }) => (
        <label key={value} className={styles.option} data-checked={cycle === value}>
          <input
            type="radio"
            name="billing-cycle"
            value={value}
            checked={cycle === value}
            onChange={() => {
              onChange(value)
            }}
            className={styles.radio}
          />
          {label}
          {value === 'annual' && savePercent > 0 && (
            <span className={styles.save}> (Save {savePercent}%)</span>
          )}
        </label>
      ))}
    </fieldset>
  )
}
