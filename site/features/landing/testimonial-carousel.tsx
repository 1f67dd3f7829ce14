import { useCallback, useEffect, useState, type CSSProperties, type FocusEvent } from 'react'
import type { Testimonial } from '../../content/testimonials.ts'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons.tsx'
import { AutoplayToggle } from './autoplay-toggle.tsx'
import {
  AUTOPLAY_MS,
  MEDIUM_QUERY,
  perViewFor,
  positionCount,
  stepPosition,
  WIDE_QUERY,
} from './carousel-rules.ts'
import { TestimonialCard } from './testimonial-card.tsx'
import { useMediaQuery } from './use-media-query.ts'
import styles from './carousel.module.css'

/**
 * The testimonials carousel (docs/product.md#display): 3/2/1 reviews per view at
 * ≥1024/≥768/<768 px, one step at a time, looping, autoplay every 7000 ms. Autoplay pauses while
 * the pointer or the keyboard focus is on it, never runs for visitors who prefer reduced motion,
 * and has a stop button (WCAG 2.2.2).
 */
export function TestimonialCarousel({ items }: { items: readonly Testimonial[] }) {
  const wide = useMediaQuery(WIDE_QUERY)
  const medium = useMediaQuery(MEDIUM_QUERY)
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const perView = perViewFor(wide, medium)
  const positions = positionCount(items.length, perView)

  const [start, setStart] = useState(0)
  // Fewer positions after a resize: stay on the last one that exists.
  const current = Math.min(start, positions - 1)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const playing = !reducedMotion && !stopped && !hovered && !focused && positions > 1

  const step = useCallback(
    (delta: number) => {
      setStart((s) => stepPosition(Math.min(s, positions - 1), delta, positions))
    },
    [positions],
  )

  useEffect(() => {
    if (!playing) return
    const timer = setTimeout(() => {
      step(1)
    }, AUTOPLAY_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [playing, current, step])

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
  }

  // The slides' width comes from the stylesheet's media queries, so the prerendered page already
  // lays them out for the screen; the script only moves the track.
  const trackStyle: CSSProperties = { transform: `translateX(-${(current * 100) / perView}%)` }

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer reviews"
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
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') step(-1)
        else if (event.key === 'ArrowRight') step(1)
      }}
    >
      <div className={styles.viewport}>
        <div className={styles.track} style={trackStyle} aria-live={playing ? 'off' : 'polite'}>
          {items.map((testimonial, index) => {
            const visible = index >= current && index < current + perView
            return (
              <div
                key={testimonial.id}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}`}
                aria-hidden={visible ? undefined : true}
                inert={!visible}
              >
                <TestimonialCard testimonial={testimonial} />
              </div>
            )
          })}
        </div>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.arrow}
          aria-label="Previous review"
          onClick={() => {
            step(-1)
          }}
        >
          <ChevronLeftIcon />
        </button>
        <div className={styles.dots} role="group" aria-label="Choose a review">
          {Array.from({ length: positions }, (_, index) => (
            <button
              key={index}
              type="button"
              className={styles.dot}
              aria-label={`Go to review ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => {
                setStart(index)
              }}
            />
          ))}
        </div>
        <button
          type="button"
          className={styles.arrow}
          aria-label="Next review"
          onClick={() => {
            step(1)
          }}
        >
          <ChevronRightIcon />
        </button>
        <AutoplayToggle
          className={styles.arrow}
          stopped={stopped}
          onToggle={() => {
            setStopped((s) => !s)
          }}
          hidden={reducedMotion}
          labels={{ play: 'Start automatic scrolling', pause: 'Stop automatic scrolling' }}
          iconSize={18}
        />
      </div>
    </div>
  )
}
