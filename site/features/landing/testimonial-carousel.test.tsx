import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testimonials } from '../../content/testimonials.ts'
import { TestimonialCarousel } from './testimonial-carousel.tsx'

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void }
}

function setWidth(width: number) {
  act(() => {
    ;(window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: 900 })
    window.dispatchEvent(new Event('resize'))
  })
}

/** The reviewers whose slides are on screen, in order. */
function visibleNames(): string[] {
  return screen
    .getAllByRole('group', { hidden: true })
    .filter((slide) => slide.getAttribute('aria-roledescription') === 'slide')
    .filter((slide) => !slide.hasAttribute('aria-hidden'))
    .map((slide) => slide.querySelector('strong')?.textContent ?? '')
}

const names = testimonials.map((t) => t.name)

function renderCarousel() {
  return render(<TestimonialCarousel items={testimonials} />)
}

/** One step every 7000 ms. */
const AUTOPLAY_MS = 7000

describe('testimonials carousel', () => {
  beforeEach(() => {
    setWidth(1280)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('shows five reviews, 3 per view from 1024 px, 2 from 768 px, 1 below', () => {
    renderCarousel()
    const slides = screen
      .getAllByRole('group', { hidden: true })
      .filter((group) => group.getAttribute('aria-roledescription') === 'slide')
    expect(slides).toHaveLength(5)
    expect(visibleNames()).toEqual(names.slice(0, 3))
    setWidth(1024)
    expect(visibleNames()).toHaveLength(3)
    setWidth(1023)
    expect(visibleNames()).toEqual(names.slice(0, 2))
    setWidth(768)
    expect(visibleNames()).toHaveLength(2)
    setWidth(767)
    expect(visibleNames()).toEqual(names.slice(0, 1))
  })

  it('steps one review at a time and loops at both ends', () => {
    renderCarousel()
    const next = screen.getByRole('button', { name: 'Next review' })
    const previous = screen.getByRole('button', { name: 'Previous review' })

    fireEvent.click(next)
    expect(visibleNames()).toEqual(names.slice(1, 4))
    fireEvent.click(next)
    expect(visibleNames()).toEqual(names.slice(2, 5))
    fireEvent.click(next)
    expect(visibleNames()).toEqual(names.slice(0, 3))
    fireEvent.click(previous)
    expect(visibleNames()).toEqual(names.slice(2, 5))
  })

  it('has one dot per position that jumps there', () => {
    setWidth(375)
    renderCarousel()
    const dots = screen.getAllByRole('button', { name: /^Go to review/ })
    expect(dots).toHaveLength(5)
    fireEvent.click(dots[3] as HTMLElement)
    expect(visibleNames()).toEqual([names[3]])
    expect(dots[3]).toHaveAttribute('aria-current', 'true')
  })

  it('moves with the arrow keys', () => {
    renderCarousel()
    const region = screen.getByRole('region', { name: 'Customer reviews' })
    fireEvent.keyDown(region, { key: 'ArrowRight' })
    expect(visibleNames()).toEqual(names.slice(1, 4))
    fireEvent.keyDown(region, { key: 'ArrowLeft' })
    expect(visibleNames()).toEqual(names.slice(0, 3))
  })

  it('autoplays one step every 7000 ms and loops', () => {
    vi.useFakeTimers()
    renderCarousel()
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS - 1)
    })
    expect(visibleNames()).toEqual(names.slice(0, 3))
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(visibleNames()).toEqual(names.slice(1, 4))
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS)
    })
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS)
    })
    expect(visibleNames()).toEqual(names.slice(0, 3))
  })

  it('pauses while hovered and resumes when the pointer leaves', () => {
    vi.useFakeTimers()
    renderCarousel()
    const region = screen.getByRole('region', { name: 'Customer reviews' })
    fireEvent.mouseEnter(region)
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS * 3)
    })
    expect(visibleNames()).toEqual(names.slice(0, 3))
    fireEvent.mouseLeave(region)
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS)
    })
    expect(visibleNames()).toEqual(names.slice(1, 4))
  })

  it('pauses while the keyboard focus is inside', () => {
    vi.useFakeTimers()
    renderCarousel()
    act(() => {
      screen.getByRole('button', { name: 'Next review' }).focus()
    })
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS * 2)
    })
    expect(visibleNames()).toEqual(names.slice(0, 3))
  })

  it('can be stopped with its button', () => {
    vi.useFakeTimers()
    renderCarousel()
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic scrolling' }))
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS * 2)
    })
    expect(visibleNames()).toEqual(names.slice(0, 3))
    expect(screen.getByRole('button', { name: 'Start automatic scrolling' })).toBeInTheDocument()
  })

  it('does not autoplay for visitors who prefer reduced motion', () => {
    const realMatchMedia = window.matchMedia.bind(window)
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = realMatchMedia(query)
      if (!query.includes('prefers-reduced-motion')) return list
      return {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      } as unknown as MediaQueryList
    })
    vi.useFakeTimers()
    renderCarousel()
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS * 3)
    })
    expect(visibleNames()).toEqual(names.slice(0, 3))
    // The buttons still work.
    fireEvent.click(screen.getByRole('button', { name: 'Next review' }))
    expect(visibleNames()).toEqual(names.slice(1, 4))
  })
})
