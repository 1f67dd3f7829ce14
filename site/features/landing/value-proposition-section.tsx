import { GiftIcon, MapPinIcon, TrendingUpIcon, UsersIcon } from '../../components/icons.tsx'
import { SectionHeading } from './section-heading.tsx'
import styles from './landing.module.css'

const cards = [
  {
    icon: UsersIcon,
    title: 'Massive User Base',
    text: 'Hundreds of millions of people shop on Facebook Marketplace every month. Your listing appears where they already spend their time, not only on the portals they open once they are ready to call someone.',
  },
  {
    icon: TrendingUpIcon,
    title: 'Growing Real Estate Interest',
    text: 'More home searches start on social media every year, especially among first-time buyers and renters. A Marketplace post reaches them early, before they have chosen an agent.',
  },
  {
    icon: MapPinIcon,
    title: 'Local Community Connection',
    text: 'Marketplace shows listings to people near the property: neighbours, local families and people moving to the area, the buyers most likely to share your post with friends.',
  },
]

/** Landing section 2 (id "value-proposition"). */
export function ValuePropositionSection() {
  return (
    <section id="value-proposition" className={styles.section} aria-labelledby="value-title">
      <div className="container">
        <SectionHeading
          id="value-title"
          eyebrow="Why Facebook Marketplace"
          title="Meet Buyers Where They Already Scroll"
        >
          Marketplace is not just for furniture any more. Home shoppers and renters browse it every
          day, and most agents are still not there.
        </SectionHeading>
        <div className={styles.cards3}>
          {cards.map(({ icon: Icon, title, text }) => (
            <article key={title} className={styles.card}>
              <span className={styles.iconTile}>
                <Icon size={24} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </article>
          ))}
        </div>
        <div className={styles.powerBanner}>
          <span className={styles.powerIcon}>
            <GiftIcon size={28} />
          </span>
          <div>
            <h3>Free Listing Power</h3>
            <p>
              Posting a property on Facebook Marketplace costs nothing: no ad spend, no per-listing
              fee. ListingBridge removes the last cost, the hour it takes to post each one by hand.
            </p>
          </div>
        </div>
      </div>
    </section>
  )
}
