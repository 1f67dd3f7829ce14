// First: zod's settings must be in place before any schema is built (the module says why).
import '../api/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
// Global styles first, so component CSS modules (which come later in the bundle) can refine them.
import './styles/tokens.css'
import './styles/global.css'
import { sitePageAt } from '../api/site-pages.ts'
import { App } from './app/app.tsx'
import { pages } from './app/pages.tsx'
import { adoptExtensionSession } from './features/auth/adopt-extension-session.ts'
import { restoreSession } from './features/auth/use-session.ts'

restoreSession()
void adoptExtensionSession()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)

/**
 * The module of the page being hydrated, loaded first: hydrating it in the same pass as the
 * header and footer keeps its server HTML in place without a second round.
 */
async function loadCurrentPage(): Promise<void> {
  const path = sitePageAt(window.location.pathname)?.path
  const lazyModule = pages.find((page) => page.path === path)?.lazyModule
  await lazyModule?.load()
}

// A page prerendered at build (scripts/prerender-site.ts) has its HTML in #root: React adopts
// it. The shell's empty #root (private pages, "not found") is rendered from scratch.
if (root.hasChildNodes()) {
  void loadCurrentPage()
    // Not loaded (offline?): hydrating still works, the page's part waits for its module.
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app))
} else {
  createRoot(root).render(app)
}
