import { afterEach, describe, expect, test } from 'vitest'
import type { FillReport } from './fill-marketplace.ts'
import { REASONS } from './reasons.ts'
import { showFillProgress, showFillReport } from './report-panel.ts'

const report: Pick<FillReport, 'filled' | 'needsYou'> = {
  filled: ['listing_type', 'property_type', 'photos', 'price'],
  needsYou: [
    { field: 'date_available', reason: REASONS.dateAvailable },
    { field: 'laundry', reason: REASONS.notFound },
  ],
}

function panelOf(host: HTMLElement): ShadowRoot {
  if (host.shadowRoot === null) throw new Error('the panel has no shadow root')
  return host.shadowRoot
}

function items(root: ShadowRoot, selector: string): string[] {
  return Array.from(root.querySelectorAll(selector), (li) => li.textContent)
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('showFillReport', () => {
  test('lists what was filled and what needs the user, with the reasons', () => {
    const { host } = showFillReport(report)
    const root = panelOf(host)

    expect(host.isConnected).toBe(true)
    expect(root.querySelector('h2')?.textContent).toBe('ListingBridge filled your draft')
    expect(items(root, 'section > ul li')).toEqual([
      'Sale or rent',
      'Property type',
      'Photos',
      'Price',
    ])
    expect(items(root, '.needs li')).toEqual([
      `Date available: ${REASONS.dateAvailable}`,
      `Laundry type: ${REASONS.notFound}`,
    ])
    expect(root.textContent).toContain('Filled (4)')
    expect(root.textContent).toContain('Needs you (2)')
    // The page's own DOM holds only the host: page CSS and scripts don't see the panel's parts.
    expect(host.children).toHaveLength(0)
    expect(root.querySelector('style')?.textContent).toContain(':host')
  })

  test('scraped text is shown as text, never parsed as HTML', () => {
    const { host } = showFillReport({
      filled: [],
      needsYou: [{ field: 'address', reason: '<img src=x onerror="alert(1)"> <b>bold</b>' }],
    })
    const root = panelOf(host)
    expect(root.querySelector('img, b')).toBeNull()
    expect(root.querySelector('.needs li')?.textContent).toContain('<img src=x onerror="alert(1)">')
    expect(root.querySelector('h2')?.textContent).toBe("ListingBridge couldn't fill your draft")
  })

  test('closes with its button, a real focusable button with a name', () => {
    const { host } = showFillReport(report)
    const button = panelOf(host).querySelector('button')
    expect(button?.getAttribute('aria-label')).toBe('Close')
    expect(button?.type).toBe('button')
    button?.focus()
    expect(panelOf(host).activeElement).toBe(button)
    button?.click()
    expect(host.isConnected).toBe(false)
  })

  test('closes with Escape', () => {
    const panel = showFillReport(report)
    const button = panelOf(panel.host).querySelector('button')
    button?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(panel.host.isConnected).toBe(false)
  })

  test('a second report replaces the first', () => {
    showFillReport(report)
    showFillReport({ filled: ['price'], needsYou: [] })
    const hosts = document.querySelectorAll('[data-listingbridge=report]')
    expect(hosts).toHaveLength(1)
    const root = (hosts[0] as HTMLElement).shadowRoot
    expect(root?.textContent).toContain('Nothing left for you but to check it.')
  })
})

describe('showFillProgress', () => {
  test('counts the photos as they arrive, and the report takes its place', () => {
    const progress = showFillProgress(20)
    const root = panelOf(progress.host)
    expect(progress.host.dataset.listingbridge).toBe('progress')
    expect(root.querySelector('h2')?.textContent).toBe('ListingBridge is filling your draft…')
    expect(root.querySelector('[role=status]')?.textContent).toBe('Adding photos 0/20')
    progress.photos(7)
    expect(root.querySelector('[role=status]')?.textContent).toBe('Adding photos 7/20')

    showFillReport(report)
    expect(progress.host.isConnected).toBe(false)
    expect(document.querySelectorAll('[data-listingbridge]')).toHaveLength(1)
    expect(document.querySelector('[data-listingbridge=report]')).not.toBeNull()
  })

  test('says nothing about photos for a listing without any', () => {
    const root = panelOf(showFillProgress(0).host)
    expect(root.querySelector('[role=status]')?.textContent).toBe('')
  })
})
