import {
  ClockIcon,
  MegaphoneIcon,
  PointerClickIcon,
  TargetIcon,
  ZapIcon,
} from '../../components/icons.tsx'
import { SectionHeading } from './section-heading.tsx'
import styles from './landing.module.css'

const benefits = [
  {
    icon: ZapIcon,
    title: 'Instant Conversion',
    text: 'One click turns a listing into a filled Marketplace draft, photos included and in the right order.',
  },
  {
    icon: PointerClickIcon,
    title: 'No Tech Expertise Required',
    text: 'If you can install a browser extension, you can use ListingBridge. No spreadsheets, no copy and paste, no setup call.',
  },
  {
    icon: TargetIcon,
    title: 'Maximize Lead Generation',
    text: 'Every listing you post is one more place where local buyers and renters find you and message you directly.',
  },
  {
    icon: MegaphoneIcon,
    title: 'Boost Brand Visibility',
    text: 'Keep your name and brokerage in front of your community with consistent, complete, professional posts.',
  },
  {
    icon: ClockIcon,
    title: 'Save Time and Effort',
    text: 'Spend minutes instead of hours on reposting, and put that time into showings and follow-ups.',
  },
]

/** Landing section 4: the five key benefits. */
export function KeyBenefitsSection() {
  return (
    <section className={styles.section} aria-labelledby="benefits-title">
      <div className="container">
        <SectionHeading id="benefits-title" eyebrow="Why agents switch" title="Key Benefits">
          Everything you need to put every listing on Marketplace, and nothing you do not.
        </SectionHeading>
        <div className={styles.benefits}>
          {benefits.map(({ icon: Icon, title, text }) => (
            <article key={title} className={styles.card}>
              <span className={styles.iconTile}>
                <Icon size={24} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}
