import { act, StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { prerenderPage } from '../prerender-entry.tsx'
import { App } from './app.tsx'

/**
 * What the build writes for a page (site/prerender-entry.tsx) hydrated as site/main.tsx does: React
 * must adopt every node as it is, for a guest and for a visitor with a stored session alike.
 */
let root: Root | undefined
let container: HTMLElement
let problems: unknown[]

beforeEach(() => {
  // Tells React that act() is in charge here, as Testing Library's render does.
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  problems = []
  container = document.createElement('div')
  container.id = 'root'
  document.body.append(container)
  // No server here: calls (the plans) stay unanswered, as on a slow network.
  vi.stubGlobal('fetch', () => new Promise(() => undefined))
  // React reports a mismatch through console.error (development) and onRecoverableError.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // Both renderers in one page, as only a test has them (the build renders in Node).
    if (String(args[0]).startsWith('Detected multiple renderers concurrently')) return
    problems.push(args)
  })
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  container.remove()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

async function hydrateAt(path: string): Promise<void> {
  window.history.replaceState(null, '', path)
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      {
        onRecoverableError: (error) => {
          problems.push(error)
        },
      },
    )
    // The page's lazy module and the user menu's chunk load.
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
}

describe('hydrating the prerendered pages', () => {
  it.each(['/', '/pricing', '/sign-up', '/contact-us', '/faq'])(
    'adopts %s as it was written, without a mismatch',
    async (path) => {
      const { html } = await prerenderPage(path)
      container.innerHTML = html
      const heading = container.querySelector('h1')
      expect(heading).not.toBeNull()
      await hydrateAt(path)
      expect(problems).toEqual([])
      expect(container.querySelector('h1')).toBe(heading)
    },
  )

  it('shows a stored session’s header once hydrated, the written nodes kept', async () => {
    const { html } = await prerenderPage('/')
    container.innerHTML = html
    const heading = container.querySelector('h1')
    localStorage.setItem('accessToken', 'token')
    localStorage.setItem('username', 'Ann Agent')
    await hydrateAt('/')
    expect(problems).toEqual([])
    expect(container.querySelector('h1')).toBe(heading)
    expect(container.querySelector('a[href="/sign-in"]')).toBeNull()
    expect(container.querySelector('nav a[href="/dashboard"]')).not.toBeNull()
  })
})
