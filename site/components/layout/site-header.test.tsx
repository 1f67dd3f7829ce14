import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ui } from '../../lib/store.ts'
import { renderAt } from '../../testing/render.tsx'
import { SiteHeader } from './site-header.tsx'

function logIn(username?: string) {
  localStorage.setItem('accessToken', 'token-1')
  if (username !== undefined) localStorage.setItem('username', username)
}

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })
}

describe('site header (docs/product.md#layout-header)', () => {
  beforeEach(() => {
    ui.isLogin = false
    ui.userName = ''
  })
  afterEach(() => {
    scrollTo(0)
    document.body.classList.remove('scroll-locked')
  })

  it('shows Home, Pricing, Contact, Login and Get Started to a visitor', () => {
    renderAt('/', <SiteHeader />)
    const links = mainNav()
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Home', '/'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact-us'],
    ])
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/sign-in')
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/sign-up')
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument()
  })

  it('adds Dashboard and the user menu for a logged-in visitor, without Login or Get Started', async () => {
    logIn('Ann Agent')
    renderAt('/', <SiteHeader />)
    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /account menu/i })).toHaveTextContent(
      'Ann Agent',
    )
  })

  it('counts the store flag alone as logged in', () => {
    ui.isLogin = true
    renderAt('/', <SiteHeader />)
    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
  })

  it('highlights the link of the current path', () => {
    renderAt('/pricing', <SiteHeader />)
    expect(mainNav().getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
    expect(mainNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
    expect(mainNav().getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current')
  })

  it('changes style only once the page has scrolled more than 20 px', () => {
    const { container } = renderAt('/', <SiteHeader />)
    const header = container.querySelector('header')
    expect(header).toHaveAttribute('data-scrolled', 'false')
    scrollTo(20)
    expect(header).toHaveAttribute('data-scrolled', 'false')
    scrollTo(21)
    expect(header).toHaveAttribute('data-scrolled', 'true')
    scrollTo(5)
    expect(header).toHaveAttribute('data-scrolled', 'false')
  })
})

describe('user menu name and avatar (docs/product.md#layout-user-menu)', () => {
  beforeEach(() => {
    ui.isLogin = false
    ui.userName = ''
  })

  async function trigger() {
    return screen.findByRole('button', { name: /account menu/i })
  }

  it('uses the interface state name first, with its initials', async () => {
    logIn('stored-name')
    ui.userName = 'Ann Marie Agent'
    renderAt('/', <SiteHeader />)
    const button = await trigger()
    expect(button).toHaveTextContent('Ann Marie Agent')
    expect(button.querySelector('[data-avatar]')).toHaveTextContent(/^AA$/)
  })

  it('falls back to the stored username', async () => {
    logIn('ann')
    renderAt('/', <SiteHeader />)
    const button = await trigger()
    expect(button).toHaveTextContent('ann')
    expect(button.querySelector('[data-avatar]')).toHaveTextContent(/^A$/)
  })

  it('falls back to "User" with a generic icon when no name is known', async () => {
    logIn()
    renderAt('/', <SiteHeader />)
    const button = await trigger()
    expect(button).toHaveTextContent('User')
    const avatar = button.querySelector('[data-avatar]')
    expect(avatar).toHaveTextContent(/^$/)
    expect(avatar?.querySelector('[data-generic-user]')).not.toBeNull()
  })
})

describe('desktop user menu (docs/product.md#layout-user-menu)', () => {
  beforeEach(() => {
    ui.isLogin = false
    ui.userName = ''
    logIn('Ann Agent')
  })

  it('opens with Dashboard and Log Out, and closes on Escape', async () => {
    const { user } = renderAt('/', <SiteHeader />)
    await user.click(await screen.findByRole('button', { name: /account menu/i }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })
  })

  it('closes on a click outside', async () => {
    const { user } = renderAt(
      '/',
      <>
        <SiteHeader />
        <p>Outside</p>
      </>,
    )
    await user.click(await screen.findByRole('button', { name: /account menu/i }))
    expect(await screen.findByRole('menu')).toBeInTheDocument()
    await user.click(screen.getByText('Outside'))
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })
  })
})

describe('mobile menu (docs/product.md#mobile-menu)', () => {
  beforeEach(() => {
    ui.isLogin = false
    ui.userName = ''
  })
  afterEach(() => {
    document.body.classList.remove('scroll-locked')
  })

  it('locks page scrolling while open and unlocks on Escape, returning focus', async () => {
    const { user } = renderAt('/', <SiteHeader />)
    const open = screen.getByRole('button', { name: 'Open menu' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)

    const dialog = screen.getByRole('dialog', { name: 'Menu' })
    expect(document.body).toHaveClass('scroll-locked')
    expect(open).toHaveAttribute('aria-expanded', 'true')
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus()
    expect(within(dialog).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/sign-up',
    )

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body).not.toHaveClass('scroll-locked')
    expect(open).toHaveFocus()
  })

  it('closes with its close button, on the backdrop, and when a link is followed', async () => {
    const { user } = renderAt('/', <SiteHeader />)
    const open = screen.getByRole('button', { name: 'Open menu' })

    await user.click(open)
    await user.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(open)
    fireEvent.click(screen.getByTestId('menu-overlay'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(open)
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Pricing' }))
    expect(window.location.pathname).toBe('/pricing')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body).not.toHaveClass('scroll-locked')
  })

  it('keeps Tab inside the open menu', async () => {
    const { user } = renderAt('/', <SiteHeader />)
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const dialog = screen.getByRole('dialog')
    const last = within(dialog).getByRole('link', { name: 'Get Started' })
    last.focus()
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(last).toHaveFocus()
  })
})
