import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRODUCT_SHOTS, productShotFiles } from '../../content/product-shots.ts'
import { ProductTour, TOUR_STEP_MS } from './product-tour.tsx'

const [first, second, third] = PRODUCT_SHOTS.map((shot) => shot)
if (!first || !second || !third) throw new Error('the tour has three steps')

function preferReducedMotion() {
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
}

/** The tour, with its first shot loaded (the others are added then). */
function renderLoadedTour() {
  const result = render(<ProductTour />)
  const firstImage = result.container.querySelector('img')
  if (!firstImage) throw new Error('no first shot')
  fireEvent.load(firstImage)
  return result
}

function currentStep(): string | null {
  const step = screen.getAllByRole('button').find((b) => b.getAttribute('aria-current') === 'step')
  return step?.textContent.replace(/^\d/, '') ?? null
}

function stepButton(caption: string) {
  return screen.getByRole('button', { name: new RegExp(caption) })
}

describe('the hero product tour', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('server-renders the first shot alone, sized, fetched first and eagerly', () => {
    const host = document.createElement('div')
    host.innerHTML = renderToString(<ProductTour />)
    const images = host.querySelectorAll('img')
    expect(images).toHaveLength(1)
    const image = images[0]
    const [small, large] = productShotFiles(first.id)
    expect(image?.getAttribute('src')).toBe(small?.src)
    expect(image?.getAttribute('width')).toBe(String(small?.width))
    expect(image?.getAttribute('height')).toBe(String(small?.height))
    expect(image?.getAttribute('srcset')).toBe(
      `${small?.src} ${small?.width}w, ${large?.src} ${large?.width}w`,
    )
    expect(image?.getAttribute('sizes')).toBeTruthy()
    expect(image?.getAttribute('fetchpriority')).toBe('high')
    expect(image?.getAttribute('loading')).toBe('eager')
    expect(image?.getAttribute('alt')).toBe(first.alt)
    // Every step's caption is in the page before any script runs.
    for (const shot of PRODUCT_SHOTS) expect(host.textContent).toContain(shot.caption)
  })

  it('hydrates the server-rendered tour without a mismatch', async () => {
    const host = document.createElement('div')
    host.innerHTML = renderToString(<ProductTour />)
    document.body.append(host)
    const errors: unknown[] = []
    let root: Root | undefined
    // Hydration and the effects after it (the other shots, autoplay) settle inside act.
    await act(async () => {
      root = hydrateRoot(host, <ProductTour />, {
        onRecoverableError: (error) => errors.push(error),
      })
      await Promise.resolve()
    })
    expect(errors).toEqual([])
    act(() => {
      root?.unmount()
    })
    host.remove()
  })

  it('adds the other shots once the first has loaded, lazily and at low priority', () => {
    const { container } = render(<ProductTour />)
    const firstImage = container.querySelector('img')
    if (!firstImage) throw new Error('no first shot')
    fireEvent.load(firstImage)
    const images = Array.from(container.querySelectorAll('img'))
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(
      PRODUCT_SHOTS.map((shot) => shot.alt),
    )
    for (const image of images.slice(1)) {
      expect(image.getAttribute('loading')).toBe('lazy')
      expect(image.getAttribute('fetchpriority')).toBe('low')
    }
    // Only the step on show is exposed to assistive technology.
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      first.alt,
    ])
  })

  it('moves to the next step every few seconds and loops', () => {
    vi.useFakeTimers()
    renderLoadedTour()
    expect(currentStep()).toBe(first.caption)
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS)
    })
    expect(currentStep()).toBe(second.caption)
    expect(screen.getByRole('img', { name: second.alt })).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS)
    })
    expect(currentStep()).toBe(third.caption)
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS)
    })
    expect(currentStep()).toBe(first.caption)
  })

  it('stops with its pause button, starts again with play, and shows any step chosen', () => {
    vi.useFakeTimers()
    renderLoadedTour()
    fireEvent.click(screen.getByRole('button', { name: 'Pause the tour' }))
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS * 3)
    })
    expect(currentStep()).toBe(first.caption)

    fireEvent.click(stepButton(third.caption))
    expect(currentStep()).toBe(third.caption)
    expect(screen.getByRole('img', { name: third.alt })).toBeInTheDocument()
    const caption = screen.getByRole('figure').querySelector('figcaption')
    if (!caption) throw new Error('no caption')
    expect(within(caption).getByText(third.detail)).toBeVisible()

    fireEvent.click(screen.getByRole('button', { name: 'Play the tour' }))
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS)
    })
    expect(currentStep()).toBe(first.caption)
  })

  it('holds still while the pointer is on it', () => {
    vi.useFakeTimers()
    renderLoadedTour()
    fireEvent.mouseEnter(screen.getByRole('figure'))
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS * 2)
    })
    expect(currentStep()).toBe(first.caption)
    fireEvent.mouseLeave(screen.getByRole('figure'))
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS)
    })
    expect(currentStep()).toBe(second.caption)
  })

  it('never moves by itself for visitors who prefer reduced motion, and offers no pause', () => {
    preferReducedMotion()
    vi.useFakeTimers()
    renderLoadedTour()
    act(() => {
      vi.advanceTimersByTime(TOUR_STEP_MS * 3)
    })
    expect(currentStep()).toBe(first.caption)
    expect(screen.queryByRole('button', { name: /the tour/ })).not.toBeInTheDocument()
    fireEvent.click(stepButton(second.caption))
    expect(currentStep()).toBe(second.caption)
  })
})
