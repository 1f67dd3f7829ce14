import { SectionHeading } from './section-heading.tsx'
import styles from './landing.module.css'

const steps = [
  {
    title: 'Install the Extension',
    text: 'Add ListingBridge to Chrome from the Chrome Web Store and log in with your account.',
  },
  {
    title: 'Open Your Listing',
    text: 'Navigate to your listing on Zillow, the way you normally would.',
  },
  {
    title: 'Click to Activate',
    text: 'Click the ListingBridge icon in your toolbar. One click converts the whole listing.',
  },
  {
    title: 'Review and Post',
    text: 'Check the automatically generated Marketplace listing, adjust anything you like, and post it.',
  },
]

/** Landing section 6 (id "how-it-works"). */
export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      className={`${styles.section} ${styles.alt}`}
      aria-labelledby="how-title"
    >
      <div className="container">
        <SectionHeading
          id="how-title"
          eyebrow="Four steps"
          title="How It Works: Simple Steps to Success"
        >
          From installing the extension to your first Marketplace post in about five minutes.
        </SectionHeading>
        <ol className={styles.steps}>
          {steps.map(({ title, text }, index) => (
            <li key={title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
