import { CheckIcon, HomeIcon, ImageIcon, PointerClickIcon } from '../../components/icons.tsx'
import styles from './hero-illustration.module.css'

const filled = [
  '20 photos, in order',
  'Price and address',
  'Beds, baths, square feet',
  'Description',
]

/** A drawing of what the product does: a listing, one click, a filled Marketplace draft. */
export function HeroIllustration() {
  return (
    <div className={styles.scene} aria-hidden="true">
      <div className={`${styles.card} ${styles.listing}`}>
        <div className={styles.photo}>
          <HomeIcon size={40} />
        </div>
        <div className={styles.body}>
          <span className={styles.source}>Zillow listing</span>
          <strong className={styles.price}>$425,000</strong>
          <span className={styles.facts}>3 bd · 2 ba · 1,850 sqft</span>
          <span className={styles.address}>1234 Maple Street, Austin, TX</span>
        </div>
      </div>
      <div className={styles.click}>
        <PointerClickIcon size={18} />
        One click
      </div>
      <div className={`${styles.card} ${styles.draft}`}>
        <div className={styles.draftHead}>
          <span className={styles.source}>Marketplace draft</span>
          <span className={styles.ready}>Ready to review</span>
        </div>
        <div className={styles.thumbs}>
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className={styles.thumb}>
              <ImageIcon size={16} />
            </span>
          ))}
        </div>
        <ul className={styles.checklist}>
          {filled.map((item) => (
            <li key={item}>
              <CheckIcon size={16} />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
