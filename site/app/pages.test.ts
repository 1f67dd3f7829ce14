import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { matchRoute, useRouter } from 'wouter'
import { SITE_PAGES, pagePathPattern, sitePageAt } from '../../api/site-pages.ts'
import { pages } from './pages.tsx'

describe('the site’s pages and the server’s list of them (api/site-pages.ts)', () => {
  it('are the same paths, each once', () => {
    const routed = pages.map((page) => page.path)
    expect(new Set(routed).size).toBe(routed.length)
    expect([...routed].sort()).toEqual(SITE_PAGES.map((page) => page.path).sort())
  })

  it('match a path exactly when the router does', () => {
    const { result } = renderHook(() => useRouter())
    const parser = result.current.parser
    const paths = [
      '/',
      '',
      '/pricing',
      '/pricing/',
      '/PRICING',
      '/pricing/x',
      '/pricingx',
      '/faq//',
      '/verify-email/abc',
      '/verify-email/abc/',
      '/verify-email/',
      '/verify-email/a/b',
      '/confirm-email/a.b-c_d',
      '/dashboard',
      '/dashboard/',
      '/dashboard/leads',
      '/dashboard/a/b/c',
      '/dashboardx',
      '/contact',
      '/nope',
      '/sign-in/%20',
    ]
    for (const { path: pattern } of SITE_PAGES) {
      const ours = pagePathPattern(pattern)
      for (const path of paths) {
        const [routerMatches] = matchRoute(parser, pattern, path)
        expect(ours.test(path), `${pattern} on ${path}`).toBe(routerMatches)
      }
    }
  })

  it('name each page loaded on demand by the module it loads (prerendering links its files)', async () => {
    // Every page, the landing page too: its prerendered HTML preloads its chunk.
    const lazy = pages.filter((page) => page.lazyModule)
    expect(lazy.length).toBe(pages.length)
    for (const { path, lazyModule } of lazy) {
      if (!lazyModule) continue
      const loaded = await lazyModule.load()
      const named: unknown = await import(/* @vite-ignore */ `../${lazyModule.source}`)
      expect(named, path).toBe(loaded)
    }
  })

  it('leave anything else to the "not found" page', () => {
    expect(sitePageAt('/nope')).toBeUndefined()
    expect(sitePageAt('/confirm-email/token')?.path).toBe('/confirm-email/:token')
  })
})
