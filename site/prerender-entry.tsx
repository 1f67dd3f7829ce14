// The server side of prerendering: scripts/prerender-site.ts builds this module for Node (a Vite
// SSR build, thrown away after use) and renders each public page with it into static HTML, which
// site/main.tsx then hydrates. Only what renders a page belongs here.
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { App } from './app/app.tsx'
import { pages } from './app/pages.tsx'
import { PrerenderedTitleContext } from './lib/page-title.ts'

export interface PrerenderedPage {
  /** What goes inside #root. */
  html: string
  /** The page's document title, when it sets one. */
  title: string | null
}

/**
 * The page at `path` as a guest sees it before any script runs, its lazy parts included:
 * `prerender` waits for every Suspense boundary, so no "loading" fallback is ever written.
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  let title: string | null = null
  const recordTitle = (pageTitle: string) => {
    title = pageTitle
  }
  const { prelude } = await prerender(
    <PrerenderedTitleContext value={recordTitle}>
      <StrictMode>
        <Router ssrPath={path}>
          <App />
        </Router>
      </StrictMode>
    </PrerenderedTitleContext>,
    // Every boundary inline: a big one would otherwise be written apart and moved into place by
    // an inline script, which the CSP refuses and no-JavaScript visitors never run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await new Response(prelude).text()
  return { html, title }
}

/** The module each page loaded on demand loads (site/app/pages.tsx), by path. */
export function lazyPageSources(): Record<string, string | undefined> {
  return Object.fromEntries(pages.map((page) => [page.path, page.lazyModule?.source]))
}
