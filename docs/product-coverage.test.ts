/**
 * docs/product.md must name every call of the API and every page of the site, so a route or page
 * added without a word there fails here instead of going undocumented.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { routes } from '../api/routes.ts'
import { SITE_PAGES } from '../api/site-pages.ts'
import { DASHBOARD_SECTIONS } from '../site/features/dashboard/layout/sections.ts'

const productDoc = readFileSync(new URL('product.md', import.meta.url), 'utf8')

/** Named as code (`GET /users/me`, `/pricing`): a bare "/" would match any path. */
function missing(names: readonly string[]): string[] {
  return names.filter((name) => !productDoc.includes(`\`${name}\``))
}

describe('docs/product.md', () => {
  it('names every route of api/routes.ts by method and path', () => {
    const names = Object.values(routes).map((route) => `${route.method} ${route.path}`)
    expect(missing(names)).toEqual([])
  })

  it('names every page of api/site-pages.ts by its path', () => {
    expect(missing(SITE_PAGES.map((page) => page.path))).toEqual([])
  })

  it("names every page of the dashboard's own", () => {
    expect(missing(DASHBOARD_SECTIONS.map((section) => section.href))).toEqual([])
  })
})
