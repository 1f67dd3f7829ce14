import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SAMPLE_REVIEWS_NOTE } from '../../components/sample-reviews-note.tsx'
import { currentPath, renderAt } from '../../testing/render.tsx'
import { GuestLayout } from './guest-layout.tsx'

function renderGuestPage() {
  return renderAt(
    '/sign-in',
    <GuestLayout>
      <h1>Guest form</h1>
    </GuestLayout>,
  )
}

describe('guest-only pages (docs/product.md#guest-pages)', () => {
  it('shows the page, its feature list and testimonials to a visitor', () => {
    renderGuestPage()
    expect(screen.getByRole('heading', { name: 'Guest form' })).toBeInTheDocument()
    expect(screen.getByRole('complementary')).toHaveTextContent('Marketplace listing in one click')
    expect(screen.getAllByRole('figure').length).toBeGreaterThan(0)
    expect(currentPath()).toBe('/sign-in')
  })

  it('labels its testimonials as samples, as the landing page does', () => {
    renderGuestPage()
    const panel = screen.getByRole('complementary')
    expect(panel.querySelector('[data-sample-reviews-note]')).toHaveTextContent(SAMPLE_REVIEWS_NOTE)
    // The note follows the reviews it labels.
    const figures = screen.getAllByRole('figure')
    const note = screen.getByText(SAMPLE_REVIEWS_NOTE)
    expect(figures.at(-1)?.compareDocumentPosition(note)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it.each([
    ['a stored access token', 'accessToken', 'token'],
    ['the legacy access_Token spelling', 'access_Token', 'token'],
    ['the isLogin flag', 'isLogin', 'true'],
    ['the legacy isLoggedIn flag', 'isLoggedIn', 'true'],
  ])('sends a visitor with %s to /dashboard', (_label, key, value) => {
    localStorage.setItem(key, value)
    renderGuestPage()
    expect(currentPath()).toBe('/dashboard')
    expect(screen.queryByRole('heading', { name: 'Guest form' })).not.toBeInTheDocument()
  })

  it('also sees a session kept in sessionStorage (not remembered)', () => {
    sessionStorage.setItem('accessToken', 'token')
    renderGuestPage()
    expect(currentPath()).toBe('/dashboard')
  })
})
