import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ui } from '../../lib/store.ts'
import { renderAt } from '../../testing/render.tsx'
import { PageLayout } from './page-layout.tsx'

function footer() {
  return screen.queryByRole('contentinfo')
}

describe('page layout footer (docs/product.md#layout-footer)', () => {
  beforeEach(() => {
    ui.isLogin = false
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it.each(['/signup-success', '/login-success'])('hides the footer on %s', (path) => {
    renderAt(path, <PageLayout>page</PageLayout>)
    expect(screen.getByRole('main')).toHaveTextContent('page')
    expect(footer()).not.toBeInTheDocument()
  })

  it.each(['/', '/pricing', '/success'])('shows the footer on %s', (path) => {
    renderAt(path, <PageLayout>page</PageLayout>)
    expect(footer()).toBeInTheDocument()
  })

  it('shows the current year in the copyright line', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2031-05-01T12:00:00Z'))
    renderAt('/', <PageLayout>page</PageLayout>)
    expect(within(footer() as HTMLElement).getByText(/© 2031 ListingBridge/)).toBeInTheDocument()
  })

  it('has the quick links, a visible Contact Us, and the legal links present but hidden', () => {
    renderAt('/', <PageLayout>page</PageLayout>)
    const quick = within(screen.getByRole('navigation', { name: 'Quick Links' }))
    expect(quick.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Features', '/#value-proposition'],
      ['How It Works', '/#how-it-works'],
      ['Testimonials', '/#testimonials'],
    ])
    const bottom = within(footer() as HTMLElement)
    expect(bottom.getByRole('link', { name: 'Contact Us' })).toBeVisible()
    expect(bottom.getByText('Privacy Policy')).not.toBeVisible()
    expect(bottom.getByText('Terms of Service')).not.toBeVisible()
  })

  it('scrolls smoothly to the section when already on /', async () => {
    const { user } = renderAt(
      '/',
      <PageLayout>
        <section id="how-it-works">steps</section>
      </PageLayout>,
    )
    const section = document.getElementById('how-it-works') as HTMLElement
    const scroll = vi.fn()
    section.scrollIntoView = scroll
    await user.click(screen.getByRole('link', { name: 'How It Works' }))
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(window.location.pathname).toBe('/')
  })

  it('goes to /#id from another page', async () => {
    const { user } = renderAt('/pricing', <PageLayout>page</PageLayout>)
    await user.click(screen.getByRole('link', { name: 'Testimonials' }))
    expect(window.location.pathname).toBe('/')
    expect(window.location.hash).toBe('#testimonials')
  })
})
