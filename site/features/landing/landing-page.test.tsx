import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { brand } from '../../../api/brand.ts'
import { listingSourceNames } from '../../../api/listing-sources.ts'
import { ui } from '../../lib/store.ts'
import { renderAt } from '../../testing/render.tsx'
import LandingPage from './landing-page.tsx'

function closingBanner() {
  return screen.getByRole('region', { name: /Welcome back|slip through your fingers/ })
}

describe('landing page ("/")', () => {
  beforeEach(() => {
    ui.isLogin = false
    ui.userName = ''
  })

  it('has the eight sections in order, with their anchors', () => {
    const { container } = renderAt('/', <LandingPage />)
    const sections = Array.from(container.querySelectorAll('section'))
    expect(sections).toHaveLength(8)
    expect(sections.map((section) => section.id)).toEqual([
      'home',
      'value-proposition',
      '',
      '',
      '',
      'how-it-works',
      'testimonials',
      '',
    ])
    expect(
      screen.getByRole('heading', { level: 2, name: 'How It Works: Simple Steps to Success' }),
    ).toBeInTheDocument()
    for (const title of [
      'Massive User Base',
      'Growing Real Estate Interest',
      'Local Community Connection',
      'Free Listing Power',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    }
    for (const title of [
      'Instant Conversion',
      'No Tech Expertise Required',
      'Maximize Lead Generation',
      'Boost Brand Visibility',
      'Save Time and Effort',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    }
    for (const value of ['Millions', '67%', '3.5x']) {
      expect(screen.getByText(value)).toBeVisible()
    }
  })

  it('says in the hero what it is, where it works and what it costs', () => {
    renderAt('/', <LandingPage />)
    const hero = screen.getByRole('region', { name: /Your Listings on Facebook Marketplace/ })
    expect(hero).toHaveTextContent('The Chrome extension for real estate agents')
    expect(hero).toHaveTextContent(
      `turns a ${listingSourceNames()} listing into a Facebook Marketplace draft in one click`,
    )
    expect(listingSourceNames()).toBe('Zillow, Realtor.com or Redfin')
    expect(hero).toHaveTextContent(
      `Free for ${brand.trialDays} days, no credit card needed. Then $${brand.monthlyPriceUsd}/month.`,
    )
    // The real product, step by step, instead of a drawing.
    expect(within(hero).getByRole('figure', { name: /step by step/ })).toBeInTheDocument()
    expect(
      within(hero).getByRole('img', { name: /A Zillow listing open in Chrome/ }),
    ).toHaveAttribute('fetchpriority', 'high')
  })

  it('keeps the hidden parts hidden', () => {
    renderAt('/', <LandingPage />)
    expect(screen.getByText('Watch a Quick Demo')).not.toBeVisible()
    expect(screen.getByText('No Credit Card Required')).not.toBeVisible()
    expect(screen.getByText('98%')).not.toBeVisible()
  })

  it('sends a visitor to the free trial from the hero and the closing banner', () => {
    renderAt('/', <LandingPage />)
    const ctas = screen.getAllByRole('link', { name: 'Start Your Free Trial Today!' })
    expect(ctas).toHaveLength(2)
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/sign-up')
    expect(screen.queryByRole('link', { name: 'Go to Your Dashboard' })).not.toBeInTheDocument()
  })

  it('sends a logged-in visitor to the dashboard', () => {
    localStorage.setItem('accessToken', 'token-1')
    renderAt('/', <LandingPage />)
    const ctas = screen.getAllByRole('link', { name: 'Go to Your Dashboard' })
    expect(ctas).toHaveLength(2)
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/dashboard')
    expect(
      screen.queryByRole('link', { name: 'Start Your Free Trial Today!' }),
    ).not.toBeInTheDocument()
  })

  it('greets a logged-in visitor with a stored username in the closing banner', () => {
    localStorage.setItem('accessToken', 'token-1')
    localStorage.setItem('username', 'Ann')
    renderAt('/', <LandingPage />)
    expect(
      within(closingBanner()).getByRole('heading', { name: 'Welcome back, Ann!' }),
    ).toBeInTheDocument()
  })

  it.each([
    ['logged in without a stored username', { accessToken: 'token-1' }],
    ['logged out with a leftover username', { username: 'Ann' }],
  ])('shows the guest heading when %s', (_case, stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value)
    renderAt('/', <LandingPage />)
    expect(
      within(closingBanner()).getByRole('heading', {
        name: "Don't let valuable leads slip through your fingers.",
      }),
    ).toBeInTheDocument()
  })

  it('opens the extension store in a new tab and shows the limited time offer', () => {
    renderAt('/', <LandingPage />)
    const link = screen.getByRole('link', { name: /Download the Chrome Extension Now!/ })
    expect(link).toHaveAttribute('href', brand.extensionStoreUrl)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(screen.getByRole('complementary', { name: 'Limited Time Offer' })).toBeInTheDocument()
  })
})
