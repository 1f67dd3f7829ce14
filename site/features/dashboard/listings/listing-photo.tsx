import { useState } from 'react'
import { HomeIcon } from '../../../components/icons.tsx'
import styles from './listings.module.css'

/**
 * The listing's first photo, straight from the source's photo host: loaded lazily, at a fixed
 * size so rows do not jump, with no referrer (the hosts need none). A neutral placeholder stands
 * in when there is no photo or it fails to load (hosts expire old photos).
 */
export function ListingPhoto({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null)
  if (url === null || failed === url) {
    return (
      <span className={styles.photo} data-placeholder="true" aria-hidden="true">
        <HomeIcon size={28} />
      </span>
    )
  }
  return (
    <img
      className={styles.photo}
      src={url}
      alt=""
      width={112}
      height={84}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => {
        setFailed(url)
      }}
    />
  )
}
