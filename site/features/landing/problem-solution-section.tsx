import { CheckCircleIcon, XCircleIcon } from '../../components/icons.tsx'
import { SectionHeading } from './section-heading.tsx'
import styles from './landing.module.css'

const problems = [
  'Retyping the address, price, beds, baths and square footage for every property',
  'Downloading twenty or more photos and uploading them again, one by one',
  'Trimming the description to fit and remembering your brokerage attribution',
  'Doing it all again for the next listing, so most listings never get posted',
]
const solutions = [
  'Open your listing and click the ListingBridge icon in Chrome',
  'Photos, price, address and property details land in the Marketplace form for you',
  'The description keeps your brokerage attribution',
  'You review everything and press Publish yourself: nothing goes live without you',
]

/** Landing section 3: problem and solution. */
export function ProblemSolutionSection() {
  return (
    <section className={`${styles.section} ${styles.alt}`} aria-labelledby="problem-title">
      <div className="container">
        <SectionHeading
          id="problem-title"
          eyebrow="The problem"
          title="Posting by Hand Eats Your Day"
        >
          Marketplace works, but copying a listing into it takes close to an hour. That is why most
          listings never make it there.
        </SectionHeading>
        <div className={styles.compare}>
          <article className={`${styles.compareCard} ${styles.problem}`}>
            <h3>The old way</h3>
            <ul>
              {problems.map((item) => (
                <li key={item}>
                  <XCircleIcon size={20} />
                  {item}
                </li>
              ))}
            </ul>
          </article>
          <article className={`${styles.compareCard} ${styles.solution}`}>
            <h3>With ListingBridge</h3>
            <ul>
              {solutions.map((item) => (
                <li key={item}>
                  <CheckCircleIcon size={20} />
                  {item}
                </li>
              ))}
            </ul>
          </article>
        </div>
      </div>
    </section>
  )
}
