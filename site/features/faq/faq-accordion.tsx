import { useState } from 'react'
import { PlusIcon } from '../../components/icons.tsx'
import type { FaqItem } from './faq-items.tsx'
import styles from './faq.module.css'

/** An accordion where any number of answers can be open at once. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  return (
    <div className={styles.accordion}>
      {items.map(({ id, question, answer }) => {
        const expanded = open.has(id)
        return (
          <div key={id} className={styles.item} data-open={expanded}>
            <h2 className={styles.question}>
              <button
                type="button"
                id={`faq-${id}-button`}
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={`faq-${id}-panel`}
                onClick={() => {
                  toggle(id)
                }}
              >
                <span>{question}</span>
                <PlusIcon size={20} className={styles.icon} />
              </button>
            </h2>
            <div
              id={`faq-${id}-panel`}
              role="region"
              aria-labelledby={`faq-${id}-button`}
              className={styles.answer}
              hidden={!expanded}
            >
              {answer}
            </div>
          </div>
        )
      })}
    </div>
  )
}
