import { useEffect, useRef, useState, type Ref } from 'react'
import { PRODUCT_SHOTS, productShotFiles, type ProductShot } from '../../content/product-shots.ts'
import { AutoplayToggle } from './autoplay-toggle.tsx'
import { useMediaQuery } from './use-media-query.ts'
import styles from './product-tour.module.css'

/** How long each step shows while the tour plays. */
export const TOUR_STEP_MS = 5000

/**
 * The shot's width on screen: up to the tour's 500 px in one column, and about 420 px in the
 * hero's narrower column from 960 px (landing.module.css).
 */
const SHOT_SIZES = '(min-width: 960px) 420px, min(500px, calc(100vw - 48px))'

function ShotImage({
  shot,
  shown,
  first,
  imageRef,
}: {
  shot: ProductShot
  shown: boolean
  first: boolean
  imageRef?: Ref<HTMLImageElement>
}) {
  const files = productShotFiles(shot.id)
  const smallest = files[0]
  if (!smallest) return null
  return (
    <img
      ref={imageRef}
      className={styles.shot}
      data-shown={shown ? 'true' : 'false'}
      src={smallest.src}
      srcSet={files.map((file) => `${file.src} ${file.width}w`).join(', ')}
      sizes={SHOT_SIZES}
      width={smallest.width}
      height={smallest.height}
      alt={shot.alt}
      aria-hidden={shown ? undefined : true}
      // The first shot is the hero's largest paint: fetched first, never lazily.
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'low'}
      decoding={first ? undefined : 'async'}
    />
  )
}

/**
 * The hero's product tour: real screenshots of the three steps (site/content/product-shots.ts)
 * with their captions. The first shot is in the first render; the others are added once it has
 * loaded, so they never compete with it. It advances every few seconds unless the visitor
 * prefers reduced motion, pauses while pointed at or focused, has a pause button, and any step
 * can be chosen. The first render reads nothing of the browser, so a prerendered page hydrates
 * as it is.
 */
export function ProductTour() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const [active, setActive] = useState(0)
  const [stopped, setStopped] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [othersAdded, setOthersAdded] = useState(false)
  const firstShot = useRef<HTMLImageElement>(null)
  const playing = othersAdded && !reducedMotion && !stopped && !hovered && !focused

  useEffect(() => {
    const image = firstShot.current
    if (!image || image.complete) {
      setOthersAdded(true)
      return
    }
    const add = () => {
      setOthersAdded(true)
    }
    image.addEventListener('load', add, { once: true })
    image.addEventListener('error', add, { once: true })
    return () => {
      image.removeEventListener('load', add)
      image.removeEventListener('error', add)
    }
  }, [])

  useEffect(() => {
    if (!playing) return
    const timer = setTimeout(() => {
      setActive((step) => (step + 1) % PRODUCT_SHOTS.length)
    }, TOUR_STEP_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [playing, active])

  return (
    <figure
      className={styles.tour}
      aria-label="ListingBridge at work, step by step"
      data-playing={playing ? 'true' : 'false'}
      onMouseEnter={() => {
        setHovered(true)
      }}
      onMouseLeave={() => {
        setHovered(false)
      }}
      onFocus={() => {
        setFocused(true)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      <div className={styles.stage}>
        {PRODUCT_SHOTS.map((shot, index) =>
          index === 0 || othersAdded ? (
            <ShotImage
              key={shot.id}
              shot={shot}
              shown={index === active}
              first={index === 0}
              imageRef={index === 0 ? firstShot : undefined}
            />
          ) : null,
        )}
      </div>
      <figcaption className={styles.caption}>
        <ol className={styles.steps}>
          {PRODUCT_SHOTS.map((shot, index) => (
            <li key={shot.id}>
              <button
                type="button"
                className={styles.step}
                aria-current={index === active ? 'step' : undefined}
                onClick={() => {
                  setOthersAdded(true)
                  setActive(index)
                }}
              >
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                {shot.caption}
              </button>
            </li>
          ))}
        </ol>
        <div className={styles.detailRow}>
          {/* Every step's sentence is laid out in the same cell, so changing steps never changes
              the height (no layout shift); only the current one is visible. */}
          <div className={styles.details} aria-live={playing ? 'off' : 'polite'}>
            {PRODUCT_SHOTS.map((shot, index) => (
              <p
                key={shot.id}
                className={styles.detail}
                data-shown={index === active ? 'true' : 'false'}
                aria-hidden={index === active ? undefined : true}
              >
                {shot.detail}
              </p>
            ))}
          </div>
          <AutoplayToggle
            className={styles.pause}
            stopped={stopped}
            onToggle={() => {
              setStopped((s) => !s)
            }}
            hidden={reducedMotion}
            labels={{ play: 'Play the tour', pause: 'Pause the tour' }}
            iconSize={16}
          />
        </div>
        <p className={styles.note}>
          Real screenshots, taken by our automated browser tests: the extension on a saved Zillow
          listing and on a test copy of Marketplace&apos;s form.
        </p>
      </figcaption>
    </figure>
  )
}
